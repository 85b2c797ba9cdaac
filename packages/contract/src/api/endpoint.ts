import type { z } from 'zod';

/**
 * One API call: its method, its path (exactly as §7 gives it), the schema of
 * what the caller sends (the form body of a POST, the query of a GET) and the
 * schema of the wrapper's `data`.
 */
export type Endpoint<Req extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType> = {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  request: Req;
  data: Data;
};

export function endpoint<Req extends z.ZodType, Data extends z.ZodType>(e: Endpoint<Req, Data>): Endpoint<Req, Data> {
  return e;
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type DataOf<E extends Endpoint> = z.infer<E['data']>;
