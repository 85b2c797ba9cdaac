import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { readSessionParams, sessionParamNames } from '@presta/contract/session-params';
import type { DbOrTx } from '../../db/database';
import { sessions } from '../../db/schema';
import type { SessionDevice } from './session-service';

/**
 * The device a session is opened on: the native app's device name and OS (`dearest`, `dearer`, in the address
 * or the JSON client's headers) when it sends them, else the browser and system its User-Agent names.
 */
export function deviceOf(request: FastifyRequest, client: 'app' | 'web'): SessionDevice {
  const params = readSessionParams((request.query ?? {}) as Record<string, unknown>);
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  const agent = userAgentDevice(header('user-agent') ?? '');
  return {
    client,
    deviceId: params.deviceId ?? header(sessionParamNames.deviceId),
    deviceName: params.deviceName ?? header(sessionParamNames.deviceName) ?? agent.deviceName,
    os: params.osVersion ?? header(sessionParamNames.osVersion) ?? agent.os,
  };
}

/** A short form of a User-Agent: the browser's name and the system's name and version ('' when not known). */
function userAgentDevice(ua: string): { deviceName: string; os: string } {
  const browsers: [RegExp, string][] = [
    [/EdgA?\//, 'Edge'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/OPR\//, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const deviceName = browsers.find(([pattern]) => pattern.test(ua))?.[1] ?? '';
  const version = (match: RegExpMatchArray | null) => (match?.[1] ? ` ${match[1].replace(/_/g, '.')}` : '');
  let os = '';
  if (/Android/.test(ua)) os = `Android${version(/Android (\d+(?:\.\d+)?)/.exec(ua))}`;
  else if (/iPhone|iPad|iPod/.test(ua)) os = `iOS${version(/OS (\d+(?:_\d+)?)/.exec(ua))}`;
  else if (/Windows/.test(ua)) os = 'Windows';
  else if (/Mac OS X/.test(ua)) os = 'macOS';
  else if (/CrOS/.test(ua)) os = 'ChromeOS';
  else if (/Linux/.test(ua)) os = 'Linux';
  return { deviceName, os };
}

/** A session's device as the borrower's consents record it: its name and id as the client gave them ('' when unknown). */
export async function sessionDeviceLabel(db: DbOrTx, idHash: string): Promise<string> {
  const [row] = await db.select({ deviceName: sessions.deviceName, deviceId: sessions.deviceId, os: sessions.os }).from(sessions).where(eq(sessions.idHash, idHash));
  if (!row) return '';
  return [row.deviceName, row.os, row.deviceId && `id ${row.deviceId}`].filter(Boolean).join(', ');
}
