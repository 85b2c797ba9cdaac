import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApplicationAnswer, CreditApplication } from '../api/application-calls';

/** The pause after the last keystroke before what was typed is saved (final=0). */
export const SAVE_PAUSE_MS = 1000;

export type DraftValues = Record<string, string | boolean>;

/** Where the save as typed stands, shown quietly under the form. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export type StepDraftOptions<V extends DraftValues> = {
  initial: V;
  /** Sends the values: final 0 keeps them as typed, final 1 checks and completes the step. */
  send: (values: V, final: 0 | 1) => Promise<ApplicationAnswer>;
  /** The application as the server saved it (every answer that is the latest one asked for). */
  onSaved: (application: CreditApplication) => void;
};

/**
 * A step's form that saves as the borrower types: after a pause, on leaving a field and on leaving the step,
 * what was typed is sent with final=0, so a reload, another device or a new session finds it. `complete`
 * sends final=1; a refusal keeps every value and gives the server's message. Only the answer of the latest
 * call is applied, so a slow save as typed never undoes a completed step.
 */
export function useStepDraft<V extends DraftValues>({ initial, send, onSaved }: StepDraftOptions<V>) {
  const [values, setValues] = useState<V>(initial);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  const latest = useRef({ values, dirty: false, sequence: 0, timer: undefined as ReturnType<typeof setTimeout> | undefined, inFlight: Promise.resolve() });
  const callbacks = useRef({ send, onSaved });
  useEffect(() => {
    callbacks.current = { send, onSaved };
  });

  const call = useCallback(async (final: 0 | 1) => {
    const state = latest.current;
    clearTimeout(state.timer);
    state.dirty = false;
    const id = ++state.sequence;
    // One call at a time, in order: Continue's blur sends a save as typed just before the final one, and two calls
    // in flight may reach the server in either order (a final=0 taken last undoes the step just completed).
    const values = state.values;
    const sent = state.inFlight.then(() => callbacks.current.send(values, final));
    state.inFlight = sent.then(
      () => undefined,
      () => undefined,
    );
    const answer = await sent;
    const current = id === latest.current.sequence;
    if (answer.success && answer.data && current) callbacks.current.onSaved(answer.data.application);
    return { answer, current };
  }, []);

  const saveNow = useCallback(async () => {
    if (!latest.current.dirty) return;
    setSaveState('saving');
    const { answer, current } = await call(0);
    if (current) setSaveState(answer.success ? 'saved' : 'failed');
  }, [call]);

  const change = useCallback(
    /** `keep: false`: a change that is not saved by itself (the market, before anything is typed). */
    <K extends keyof V>(field: K, value: V[K], opts: { keep?: boolean } = {}) => {
      const state = latest.current;
      state.values = { ...state.values, [field]: value };
      setValues(state.values);
      if (opts.keep === false) return;
      state.dirty = true;
      clearTimeout(state.timer);
      state.timer = setTimeout(() => void saveNow(), SAVE_PAUSE_MS);
    },
    [saveNow],
  );

  /** Checks and completes the step; true when the server took it. */
  const complete = useCallback(async () => {
    setCompleting(true);
    setRefusal(null);
    const { answer } = await call(1);
    setCompleting(false);
    if (!answer.success) setRefusal(answer.message);
    else setSaveState('saved');
    return answer.success;
  }, [call]);

  // Leaving the step (another step, another page) saves what was typed since the last save.
  useEffect(
    () => () => {
      if (latest.current.dirty) void call(0);
    },
    [call],
  );

  return { values, change, saveNow, complete, saveState, refusal, completing };
}
