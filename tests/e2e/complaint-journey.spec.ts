import fs from 'node:fs';
import { nextResponse } from './support/responses';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible, expectFitsNarrowScreen } from './support/a11y';
import { demoOrder } from './support/cli';
import {
  complaintTexts as t,
  expectImageLoaded,
  makeTestImages,
  opsComplaint,
  opsReply,
  readServedImage,
  type TestImages,
} from './support/complaints';

/*
 * Complaint journeys on the real server, PostgreSQL and Chromium
 * (docs/complaints.md, spec §2, §4, §5): a borrower whose order has been in
 * collection files a collection complaint with two images, support answers
 * it from the terminal (`npm run ops -- reply`), the borrower reads the
 * answer and scores it, and the complaint is closed. An order that was never
 * overdue cannot take a collection complaint.
 */

const SCORE_DELAY_MS = 3000; // COMPLAINT_SCORE_DELAY_MS
const SUCCESS_DELAY_MS = 1500; // COMPLAINT_SUCCESS_DELAY_MS
const draftKey = 'presta.complaint.draft';

let images: TestImages;
test.beforeAll(async () => {
  images = await makeTestImages();
});
test.afterAll(() => {
  if (images) fs.rmSync(images.dir, { recursive: true, force: true });
});

/** A 375 px wide picture of the whole page, kept with the test's results. */
async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** 'YYYY-MM-DD HH:mm' of an instant in Mexico City, where the complaint list's times are. */
function mexicoCityMinute(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Mexico_City',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const draftOf = (page: Page) => page.evaluate((key) => localStorage.getItem(key), draftKey);

/** The antd-mobile tab of the complaint list with that title. */
const listTab = (page: Page, title: string) => page.locator('.adm-tabs-tab', { hasText: new RegExp(`^${title}$`) });

test('a collection complaint with two images is answered by support, scored 4 stars and closed', async ({ page, request }, testInfo) => {
  const order = demoOrder('180');
  // Non-ASCII on purpose (accents, ñ, €): the text must come back unchanged everywhere.
  const description =
    'Me llamaron a mis contactos el 3 de marzo a las 22:00 para cobrar el pedido. Pido que dejen de hacerlo; adjunto capturas. ñ€';

  // ---- 1. Entry: the order card (the URL's order) and the question types.
  await page.goto(order.urls.complaintEntry);
  await expect(page.getByRole('heading', { name: t.entryHeading, level: 1 })).toBeVisible();
  const orderCard = page.getByRole('region', { name: t.orderTitle, exact: true });
  await expect(orderCard.getByText(order.orderNo, { exact: true })).toBeVisible();
  const types = page.getByRole('region', { name: t.typesTitle });
  const collection = types.getByRole('button', { name: t.typeCollection, exact: true });
  await expect(collection).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { name: t.subTypesTitle })).toHaveCount(0);

  // Collection (type 1) on an order that has been overdue: its sub-types open under it.
  await collection.click();
  await expect(collection).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('heading', { name: t.subTypesTitle, level: 3 })).toBeVisible();
  const subType = types.getByRole('button', { name: t.subTypeContactCalls, exact: true });
  await expect(subType).toBeVisible();
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await snapshot(page, testInfo, '1-entry-375');

  await subType.click();
  await expect(page).toHaveURL(/\/complainPageNext\?/);

  // ---- Form: the chosen type, sub-type and order.
  await expect(page.getByRole('heading', { name: t.formHeading, level: 1 })).toBeVisible();
  const chosen = page.getByRole('region', { name: t.chosenTypeLabel });
  await expect(chosen.getByRole('listitem')).toHaveText([t.typeCollection, t.subTypeContactCalls]);
  await expect(chosen.getByText(t.chosenOrder(order.orderNo), { exact: true })).toBeVisible();

  // The description and its counter: input beyond 200 characters is ignored.
  const text = page.getByRole('textbox', { name: t.descriptionLabel });
  await expect(text).toHaveValue('');
  await expect(page.getByText(t.counter(0), { exact: true })).toBeVisible();
  await text.fill('x'.repeat(230));
  await expect(text).toHaveValue('x'.repeat(200));
  await expect(page.getByText(t.counter(200), { exact: true })).toBeVisible();
  await expect(text).toHaveAccessibleDescription(t.counterLabel(200));
  await text.fill(description);
  await expect(page.getByText(t.counter(description.length), { exact: true })).toBeVisible();
  await expect(text).toHaveAccessibleDescription(t.counterLabel(description.length));

  // Two images, one at a time, through the picker's file input; each thumbnail is the stored copy.
  const upload = page.getByRole('region', { name: t.uploadTitle });
  const picker = upload.getByLabel(t.addImage);
  await expect(upload.getByText(t.imageCountLabel(0), { exact: true })).toBeAttached();
  await picker.setInputFiles(images.photoWithGps);
  await expectImageLoaded(upload.getByRole('img', { name: t.imageAlt(1, 1) }), 'first thumbnail');
  await expect(page.getByText(t.uploadDone, { exact: true })).toBeVisible();
  await picker.setInputFiles(images.screenshotPng);
  await expectImageLoaded(upload.getByRole('img', { name: t.imageAlt(2, 2) }), 'second thumbnail');
  await expectImageLoaded(upload.getByRole('img', { name: t.imageAlt(1, 2) }), 'first thumbnail');
  await expect(upload.getByRole('img')).toHaveCount(2);
  await expect(upload.getByText(t.imageCountLabel(2), { exact: true })).toBeAttached();
  // The draft keeps the text and both images (a reload would bring them back).
  const draft = JSON.parse((await draftOf(page)) ?? 'null') as { text: string; images: string[] } | null;
  expect(draft?.text).toBe(description);
  expect(draft?.images).toHaveLength(2);
  await expect(page.getByText(t.uploadDone, { exact: true })).toBeHidden();
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await snapshot(page, testInfo, '2-form-375');

  // Submit: the success state, then back to the entry page 1.5 s later, the draft cleared.
  const submit = page.getByRole('button', { name: t.submit, exact: true });
  const saved = page.waitForResponse((r) => r.url().includes('/user-problem/problem-save') && r.request().method() === 'POST');
  const submittedAt = Date.now();
  await submit.click();
  const savedResponse = await saved;
  const savedAt = Date.now();
  const saveBody = (await savedResponse.json()) as { code: string; data: { problemId: string | number } };
  expect(saveBody.code).toBe('0');
  const problemId = String(saveBody.data.problemId);
  expect(problemId).toMatch(/^\d+$/);
  const status = page.getByRole('status').filter({ hasText: t.submitDoneTitle });
  await expect(status).toContainText(t.submitDoneText);
  const doneSeenAt = Date.now();
  await expect(submit).toHaveCount(0);
  await page.waitForURL(/\/complaint\?/, { waitUntil: 'commit' });
  const backAt = Date.now();
  expect(backAt - submittedAt, 'success state shown at least 1.5 s').toBeGreaterThanOrEqual(SUCCESS_DELAY_MS);
  expect(backAt - doneSeenAt, 'success state shown about 1.5 s').toBeGreaterThanOrEqual(SUCCESS_DELAY_MS - 700);
  expect(backAt - doneSeenAt, 'success state shown about 1.5 s').toBeLessThan(SUCCESS_DELAY_MS + 2000);
  expect(new URL(page.url()).searchParams.get('orderId')).toBe(order.orderId);
  await expect(page.getByRole('heading', { name: t.entryHeading, level: 1 })).toBeVisible();
  expect(await draftOf(page)).toBeNull();

  // Support sees it, open, with its order, type/sub-type, both images and the text.
  const filed = opsComplaint(problemId, 'open');
  expect(filed, `ops complaints lists #${problemId}`).not.toBeNull();
  expect(filed).toContain(`order ${order.orderNo}`);
  expect(filed).toContain('type 1/101');
  expect(filed).toContain('images 2');
  expect(filed).toContain(description);

  // ---- 'My complaints': the complaint in the first tab ('En proceso').
  await page.getByRole('link', { name: t.myComplaints }).click();
  await expect(page).toHaveURL(/\/complaintList\?/);
  await expect(page.getByRole('heading', { name: t.listHeading, level: 1 })).toBeVisible();
  await expect(page.locator('.adm-tabs-tab')).toHaveText([t.tabOpen, t.tabAnswered, t.tabClosed]);
  const openPanel = page.getByRole('tabpanel', { name: t.tabOpen });
  const item = openPanel.getByRole('link').filter({ hasText: description });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(t.typeCollection);
  await expect(item).toContainText(t.itemNumber(problemId));
  // Filed just now, shown in Mexico City time.
  const itemTime = ((await item.locator('.presta-complaint-item-time').textContent()) ?? '').trim();
  expect([mexicoCityMinute(submittedAt), mexicoCityMinute(savedAt)]).toContain(itemTime.slice(0, 16));
  await expect(item).toHaveAttribute('href', new RegExp(`/complainDetails\\?.*problemId=${problemId}(&|$)`));
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await snapshot(page, testInfo, '3-list-375');

  // ---- 2. Support answers with a text and a picture.
  const replyText = 'Hola. Suspendimos las llamadas a tus contactos y revisamos el caso con el despacho de cobranza. Disculpa las molestias.';
  expect(opsReply(problemId, replyText, images.replyJpeg)).toBe(
    `Complaint #${problemId} answered with 1 image(s); the borrower is asked for a score.`,
  );
  const answered = opsComplaint(problemId, 'answered');
  expect(answered, `ops complaints --status answered lists #${problemId}`).not.toBeNull();
  expect(answered).toContain(`reply: ${replyText}`);
  expect(opsComplaint(problemId, 'open')).toBeNull();

  // ---- 3. The detail page, with the page clock stopped so the score prompt's delay can be measured exactly.
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await page.reload();
  await expect(page.getByRole('heading', { name: t.listHeading, level: 1 })).toBeVisible();
  await expect(openPanel.getByRole('link')).toHaveCount(0);
  await listTab(page, t.tabAnswered).click();
  const answeredItem = page.getByRole('tabpanel', { name: t.tabAnswered }).getByRole('link').filter({ hasText: description });
  await expect(answeredItem).toHaveCount(1);
  await answeredItem.click();
  await expect(page).toHaveURL(new RegExp(`/complainDetails\\?.*problemId=${problemId}(&|$)`));

  await expect(page.getByRole('heading', { name: t.detailHeading, level: 1 })).toBeVisible();
  const complaint = page.getByRole('region', { name: t.complaintNumber(problemId) });
  await expect(complaint.locator('dt')).toHaveText([t.typeLabel, t.subTypeLabel]);
  await expect(complaint.locator('dd')).toHaveText([t.typeCollection, t.subTypeContactCalls]);
  const content = complaint.getByRole('textbox', { name: t.contentLabel });
  await expect(content).toHaveValue(description);
  await expect(content).toHaveAttribute('readonly', '');
  await expect(content).toHaveAccessibleDescription(t.counterLabel(description.length));

  const reply = page.getByRole('region', { name: t.replyTitle });
  await expect(reply.getByText(replyText, { exact: true })).toBeVisible();
  const replyImage = reply.getByRole('button', { name: t.viewReplyImage(1, 1) }).locator('img');
  await expectImageLoaded(replyImage, 'reply image');

  const ownImages = complaint.getByRole('list', { name: t.imagesLabel });
  await expect(ownImages.getByRole('button')).toHaveCount(2);
  const ownImage1 = ownImages.getByRole('button', { name: t.viewImage(1, 2) }).locator('img');
  const ownImage2 = ownImages.getByRole('button', { name: t.viewImage(2, 2) }).locator('img');
  await expectImageLoaded(ownImage1, 'complaint image 1');
  await expectImageLoaded(ownImage2, 'complaint image 2');

  // What the pictures really are: the cleaned copies (EXIF and GPS gone, the photo turned upright).
  expect(await readServedImage(request, ownImage1)).toMatchObject({
    contentType: 'image/jpeg',
    format: 'jpeg',
    width: 480,
    height: 640,
    hasExif: false,
    gps: null,
  });
  expect(await readServedImage(request, ownImage2)).toMatchObject({ contentType: 'image/png', format: 'png', width: 300, height: 200 });
  expect(await readServedImage(request, replyImage)).toMatchObject({ contentType: 'image/jpeg', width: 360, height: 240, hasExif: false });

  // The score prompt: not there 1 s (nor 2.999 s) after the complaint loaded, there at 3 s.
  const scoreDialog = page.getByRole('dialog', { name: t.scoreTitle });
  const rateButton = page.getByRole('button', { name: t.rateReply });
  await expect(rateButton).toBeVisible();
  await expect(scoreDialog).toHaveCount(0);
  await page.clock.runFor(1000);
  await expect(scoreDialog).toHaveCount(0);
  await page.clock.runFor(SCORE_DELAY_MS - 1000 - 1);
  await expect(scoreDialog).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(scoreDialog).toBeVisible();
  await expect(rateButton).toHaveCount(0);
  await page.clock.resume();

  // Let the opening animation end before looking at it.
  await expect
    .poll(() => page.locator('.adm-center-popup-body').evaluate((el) => getComputedStyle(el).opacity))
    .toBe('1');
  await expectAccessible(page);
  await expectFitsNarrowScreen(page);
  await snapshot(page, testInfo, '4-detail-score-375');

  // Four stars, Send, thanks.
  const fourStars = scoreDialog.getByRole('radio', { name: t.scoreStar(4) });
  await fourStars.click();
  await expect(fourStars).toHaveAttribute('aria-checked', 'true');
  await expect(scoreDialog.getByRole('radio', { checked: true })).toHaveCount(1);
  const scored = page.waitForResponse((r) => r.url().includes('/user-problem/problem-score'));
  await scoreDialog.getByRole('button', { name: t.scoreSend, exact: true }).click();
  const scoreBody = (await (await scored).json()) as { code: string; data: { score: number } };
  expect(scoreBody).toMatchObject({ code: '0', data: { score: 4 } });
  await expect(page.getByText(t.scoreThanks, { exact: true })).toBeVisible();
  await expect(scoreDialog).toHaveCount(0);
  await expect(rateButton).toHaveCount(0);

  const closed = opsComplaint(problemId, 'closed');
  expect(closed, `ops complaints --status closed lists #${problemId}`).not.toBeNull();
  expect(closed).toContain('score 4');

  // Reloaded, the detail no longer asks for a score, even well after 3 s. Only the reloaded page's call counts: the
  // detail the page fetched again after the score may still be arriving, and its body goes with the old page.
  const detail = nextResponse(page, (r) => r.url().includes('/user-problem/problem-detail'));
  await page.reload();
  expect(((await (await detail).json()) as { data: { isNeedScore: number } }).data.isNeedScore).toBe(0);
  await expect(page.getByRole('region', { name: t.replyTitle }).getByText(replyText, { exact: true })).toBeVisible();
  await page.clock.runFor(SCORE_DELAY_MS + 2000);
  await expect(scoreDialog).toHaveCount(0);
  await expect(rateButton).toHaveCount(0);
  await snapshot(page, testInfo, '5-detail-closed-375');

  // The list: the complaint is in 'Cerradas' now, and nowhere else.
  await page.goto(order.urls.complaintEntry);
  await page.getByRole('link', { name: t.myComplaints }).click();
  await expect(page.getByRole('heading', { name: t.listHeading, level: 1 })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: t.tabOpen }).getByRole('link')).toHaveCount(0);
  await listTab(page, t.tabClosed).click();
  const closedItem = page.getByRole('tabpanel', { name: t.tabClosed }).getByRole('link').filter({ hasText: description });
  await expect(closedItem).toHaveCount(1);
  await expect(closedItem).toContainText(t.itemNumber(problemId));
  await listTab(page, t.tabAnswered).click();
  await expect(page.getByRole('tabpanel', { name: t.tabAnswered }).getByRole('link')).toHaveCount(0);
});

test('an order that was never overdue (174) refuses a collection complaint and does not open the form', async ({ page }) => {
  const order = demoOrder('174');
  await page.goto(order.urls.complaintEntry);
  const orderCard = page.getByRole('region', { name: t.orderTitle, exact: true });
  await expect(orderCard.getByText(order.orderNo, { exact: true })).toBeVisible();
  const types = page.getByRole('region', { name: t.typesTitle });
  const collection = types.getByRole('button', { name: t.typeCollection, exact: true });

  await collection.click();
  await expect(page.getByText(t.collectionNotAllowed, { exact: true })).toBeVisible();
  await expect(collection).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { name: t.subTypesTitle })).toHaveCount(0);
  await expect(types.getByRole('button', { name: t.subTypeContactCalls })).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/complaint');
  expect(await draftOf(page)).toBeNull();

  // Only collection is refused: another type opens the form for this order.
  await types.getByRole('button', { name: t.typeOther, exact: true }).click();
  await expect(page).toHaveURL(/\/complainPageNext\?/);
  const chosen = page.getByRole('region', { name: t.chosenTypeLabel });
  await expect(chosen.getByRole('listitem')).toHaveText([t.typeOther]);
  await expect(chosen.getByText(t.chosenOrder(order.orderNo), { exact: true })).toBeVisible();
});
