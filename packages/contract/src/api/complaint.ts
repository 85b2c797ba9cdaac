import { z } from 'zod';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';
import { idSchema, textValueSchema } from './common';

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
  summary: 'Complaint entry: question types, sub-types, the chosen order and the borrower’s orders',
  request: z.object({ orderId: idSchema.optional() }),
  data: z.object({
    problemType: z.array(optionSchema),
    problemSonType: z.array(optionSchema),
    orderDetail: complaintOrderSchema.nullable(),
    orderList: z.array(complaintOrderSchema),
  }),
});

export const problemList = endpoint({
  ...apiRoutes.problemList,
  summary: "The borrower's complaints in tabs by state",
  request: z.object({}).loose(),
  data: z.object({
    tabs: z.array(
      z.object({
        title: z.string(),
        list: z.array(z.object({ id: z.string(), time: z.string(), type: z.string(), content: z.string() })),
      }),
    ),
  }),
});

export const problemDetail = endpoint({
  ...apiRoutes.problemDetail,
  summary: 'One complaint with the support reply',
  request: z.object({ problemId: idSchema }),
  data: z.object({
    type: z.string(),
    sonType: z.string(),
    problemId: z.string(),
    content: z.string(),
    images: z.array(z.string()),
    disposeDetail: z.string(),
    disposeImages: z.array(z.string()),
    isNeedScore: z.number().int(),
  }),
});

export const uploadProblemImg = endpoint({
  ...apiRoutes.uploadProblemImg,
  summary: 'Upload one complaint image (multipart, field problemImage)',
  request: z.object({}).loose(),
  data: z.object({ url: z.string() }),
});

export const problemSave = endpoint({
  ...apiRoutes.problemSave,
  summary: 'File a complaint',
  request: z.object({
    problemType: idSchema,
    problemSonType: z.union([z.string(), z.number()]).optional(),
    problemDetail: z.string(),
    /** Comma-joined image URLs from upload-problem-img. */
    problemImage: z.string().optional(),
    orderNo: z.string().min(1).max(40),
  }),
  data: z.object({ problemId: z.string() }),
});
