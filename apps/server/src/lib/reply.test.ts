import { describe, expect, it } from 'vitest';
import { answerSerializerCompiler, finalAnswer } from './reply';

describe('final answers', () => {
  it('are frozen all the way down', () => {
    const data = finalAnswer({ a: { b: [{ c: 1 }] } });
    expect(Object.isFrozen(data.a.b[0])).toBe(true);
    expect(() => {
      (data.a.b[0] as { c: number }).c = 2;
    }).toThrow(TypeError);
  });

  it('are serialized once per wrapper text; any other answer every time', () => {
    let calls = 0;
    const compile = answerSerializerCompiler((_route: string) => (payload: unknown) => {
      calls++;
      return JSON.stringify(payload);
    });
    const serialize = compile('route');
    const kept = finalAnswer({ amount: 1 });
    const wrap = (data: object, message = 'Éxito') => ({ success: true, code: '0', message, data });
    expect(serialize(wrap(kept))).toBe('{"success":true,"code":"0","message":"Éxito","data":{"amount":1}}');
    expect(serialize(wrap(kept))).toBe(serialize(wrap(kept)));
    expect(calls).toBe(1);
    expect(serialize(wrap(kept, 'Success'))).toContain('"Success"');
    expect(calls).toBe(2);
    const fresh = { amount: 1 };
    serialize(wrap(fresh));
    serialize(wrap(fresh));
    expect(calls).toBe(4);
    serialize({ success: false, code: '404001', message: 'x', data: null });
    expect(calls).toBe(5);
  });
});
