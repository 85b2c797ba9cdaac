import type { Rule } from 'antd/es/form';

/**
 * A required text the server takes trimmed, from `min` to `max` characters (a rejection's reason, a resolution's note):
 * one message when it is empty, another when its length is off.
 */
export function trimmedTextRules(messages: { required: string; length: string }, min = 3, max = 500): Rule[] {
  return [
    { required: true, whitespace: true, message: messages.required },
    {
      validator: (_rule, value: string | undefined) => {
        const length = (value ?? '').trim().length;
        return length === 0 || (length >= min && length <= max) ? Promise.resolve() : Promise.reject(new Error(messages.length));
      },
    },
  ];
}
