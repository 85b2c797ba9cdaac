import { z } from 'zod';

/** The fields several console calls share. */
export const emailField = z.string().trim().min(3).max(254);
export const orderNoField = z.string().trim().regex(/^PR\d{16}$/, 'must be an order number (PR and 16 digits)');
export const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
