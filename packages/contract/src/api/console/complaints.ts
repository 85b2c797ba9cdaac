import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { endpoint } from '../endpoint';

/* Complaints (support). */

export const consoleComplaints = endpoint({
  ...apiRoutes.consoleComplaints,
  summary: "The complaints inbox, newest first, by status: the borrower's text and images, the reply, the borrower's score",
  request: z.object({ status: z.enum(['open', 'answered', 'closed']).optional(), type: z.coerce.number().int().min(0).max(9999).optional() }),
  data: z.object({
    complaints: z.array(
      z.object({
        id: z.number().int(),
        status: z.enum(['open', 'answered', 'closed']),
        createdAt: z.string(),
        orderNo: z.string(),
        maskedPhone: z.string(),
        typeValue: z.number().int(),
        subTypeValue: z.number().int().nullable(),
        detail: z.string(),
        /** Each image's id (GET /console/api/complaints/images/{id}) and who uploaded it. */
        images: z.array(z.object({ id: z.number().int(), uploader: z.enum(['borrower', 'support']) })),
        replyText: z.string().nullable(),
        repliedAt: z.string().nullable(),
        repliedBy: z.string().nullable(),
        score: z.number().int().nullable(),
      }),
    ),
  }),
});

export const consoleComplaintReply = endpoint({
  ...apiRoutes.consoleComplaintReply,
  summary: 'Answer a complaint (text); it becomes answered and the borrower is asked for a score; recorded in the audit trail',
  request: z.object({ problemId: z.coerce.number().int().positive(), text: z.string().trim().min(1).max(2000) }),
  data: z.object({ problemId: z.string(), images: z.number().int() }),
});

/** The multipart field of support's reply images (repeated, one file each). */
export const consoleReplyImageField = 'images';

export const consoleComplaintReplyWithImages = endpoint({
  ...apiRoutes.consoleComplaintReplyWithImages,
  summary:
    "Answer a complaint with text and images (multipart: problemId, text, and up to 9 files in `images`, each JPEG, PNG or WebP of at most 5 MB, checked and re-encoded like a borrower's upload); the borrower sees them in the complaint's detail; recorded in the audit trail",
  /** The form's text fields (the files are read from the multipart body). */
  request: z.object({ problemId: z.coerce.number().int().positive(), text: z.string().trim().min(1).max(2000) }),
  /** images: how many were attached; imageIds: each one's id (GET /console/api/complaints/images/{id}). */
  data: z.object({ problemId: z.string(), images: z.number().int(), imageIds: z.array(z.number().int()) }),
});
