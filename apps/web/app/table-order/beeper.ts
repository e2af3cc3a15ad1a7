/**
 * The kitchen's new-order alert (spec §9: 5 beeps) with the Web Audio API. Browsers keep audio
 * silent until a person touches the page, so the kitchen screen shows an "enable sound" control
 * that calls `enable()` from its click; until then `beep()` plays nothing and says so.
 */
const BEEPS = 5;
const BEEP_SECONDS = 0.18;
const GAP_SECONDS = 0.32;

export interface Beeper {
  readonly enabled: boolean;
  /** From a user gesture: creates (or resumes) the audio context. */
  enable(): Promise<boolean>;
  /** Plays `count` beeps; answers how many it scheduled (0 while sound is not enabled). */
  beep(count?: number): number;
  /** How long `count` beeps last, in ms. */
  durationMs(count?: number): number;
}

export function createBeeper(audio: (new () => AudioContext) | undefined = globalThis.AudioContext): Beeper {
  let context: AudioContext | null = null;
  return {
    get enabled() {
      return context !== null && context.state === 'running';
    },
    async enable() {
      if (!audio) return false;
      context ??= new audio();
      if (context.state !== 'running') await context.resume().catch(() => undefined);
      return context.state === 'running';
    },
    beep(count = BEEPS) {
      if (!context || context.state !== 'running') return 0;
      const start = context.currentTime + 0.05;
      for (let i = 0; i < count; i++) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = 'square';
        oscillator.frequency.value = 880;
        gain.gain.value = 0.15;
        oscillator.connect(gain);
        gain.connect(context.destination);
        const at = start + i * (BEEP_SECONDS + GAP_SECONDS);
        oscillator.start(at);
        oscillator.stop(at + BEEP_SECONDS);
      }
      return count;
    },
    durationMs(count = BEEPS) {
      return Math.round(count * (BEEP_SECONDS + GAP_SECONDS) * 1000);
    },
  };
}
