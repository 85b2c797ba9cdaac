import { z } from 'zod';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';
import { idSchema, intField, textValueSchema } from './common';

/*
 * Complaint calls (§3, §4, §7; docs/complaints.md). All POST, form client,
 * auth borrower. Limits: ../complaint-rules.ts.
 */

export const optionSchema = z.object({ title: z.string(), value: z.number().int() });

export const complaintOrderSchema = z.object({
  productLogo: z.string(),
  productName: z.string(),
  status: z.string(),
  list: z.array(textValueSchema),
  orderNo: z.string(),
  /** 1: collection-type complaints are allowed for this order. */
  isShow: z.number().int(),
});

export const problemInit = endpoint({
  ...apiRoutes.problemInit,
  summary: 'Complaint entry: question types, sub-types (of type 1), the chosen order and the borrower’s orders',
  request: z.object({ orderId: idSchema.optional() }).loose(),
  data: z.object({
    problemType: z.array(optionSchema),
    problemSonType: z.array(optionSchema),
    /** The order asked for, else the newest; null when the borrower has none. */
    orderDetail: complaintOrderSchema.nullable(),
    orderList: z.array(complaintOrderSchema),
  }),
});

export const complaintListItemSchema = z.object({ id: z.string(), time: z.string(), type: z.string(), content: z.string() });

export const problemList = endpoint({
  ...apiRoutes.problemList,
  summary: "The borrower's complaints in tabs by state (open, answered, closed), newest first",
  request: z.object({}).loose(),
  data: z.object({
    tabs: z.array(z.object({ title: z.string(), list: z.array(complaintListItemSchema) })),
  }),
});

export const problemDetail = endpoint({
  ...apiRoutes.problemDetail,
  summary: 'One complaint of the borrower with the support reply',
  request: z.object({ problemId: idSchema }),
  data: z.object({
    type: z.string(),
    sonType: z.string(),
    problemId: z.string(),
    content: z.string(),
    /** Image addresses (COMPLAINT_IMAGE_PATH/<id>); the page adds its session parameters. */
    images: z.array(z.string()),
    disposeDetail: z.string(),
    disposeImages: z.array(z.string()),
    /** 1 while the reply waits for the borrower's score. */
    isNeedScore: z.number().int(),
  }),
});

/** upload-problem-img: multipart with one file in field problemImage; success code '0'. */
export const uploadProblemImg = endpoint({
  ...apiRoutes.uploadProblemImg,
  summary: 'Upload one complaint image (multipart, field problemImage; JPEG, PNG or WebP by content, at most 5 MB; re-encoded without metadata)',
  request: z.object({}).loose(),
  data: z.object({ url: z.string() }),
});

export const problemSave = endpoint({
  ...apiRoutes.problemSave,
  summary: 'File a complaint; the same complaint sent twice within 10 minutes is saved once',
  request: z.object({
    problemType: intField(1, 999),
    /** Required for type 1 (collection), else empty or 0. */
    problemSonType: z.union([z.string().max(5), z.number()]).optional(),
    /** Checked after trimming: not empty, at most COMPLAINT_TEXT_MAX characters. */
    problemDetail: z.string().max(2000),
    /** Comma-joined image addresses from upload-problem-img, at most COMPLAINT_IMAGES_MAX. */
    problemImage: z.string().max(4000).optional(),
    orderNo: z.string().trim().min(1).max(40),
  }),
  data: z.object({ problemId: z.string() }),
});

export const problemScore = endpoint({
  ...apiRoutes.problemScore,
  summary: "Score the support reply (1 to 5) once it is answered; closes the complaint",
  request: z.object({ problemId: idSchema, score: intField(1, 5) }),
  data: z.object({ problemId: z.string(), score: z.number().int() }),
});
