// The control block a sweep team's two threads share (sweep-team.ts, sweep-worker.ts): Int32
// slots first, then doubles from byte DOUBLES_AT.

/** Tasks posted by the main thread (a counter); the worker starts one when it changes. */
export const TASK = 0;
/**
 * The last task claimed. Whoever moves it from task − 1 to task (Atomics.compareExchange) runs
 * the task: the worker when it starts it, or the main thread when it finds the task unclaimed
 * after its own part (the worker descheduled on a busy machine), which then runs it itself.
 */
export const CLAIMED = 43;
/** The last task the worker finished. */
export const DONE = 1;
/** 0 while the worker starts, 1 once its kernel instance is ready, −1 after it failed. */
export const READY = 2;
/** The task: what (SWEEP or EXTRAPOLATE) on order[FROM, TO). */
export const FROM = 3;
export const TO = 4;
export const KIND = 14;
export const SWEEP = 0;
export const EXTRAPOLATE = 1;
/** An extrapolation's unknowns n and history depth m, and the contacts its projection moved. */
export const N = 15;
export const M = 41;
export const PROJECTED = 42;
/** The task's answer: 1, or 0 on a local answer that was not finite; then its outcome counts. */
export const OK = 5;
export const SEPARATED = 6;
export const STICKING = 7;
export const SLIDING = 8;
export const FAILED = 9;
/** The sliding solver's quartic and scan uses during the task. */
export const QUARTIC = 10;
export const SCAN = 11;
/** Bumped with every new layout (a loaded problem): the worker points its kernel again. */
export const GENERATION = 12;
/**
 * The layout: the kernel's `layout` arguments (the worker's own hand-off area in place of the
 * main thread's), nc, then `layoutHistory`'s arguments.
 */
export const LAYOUT = 16;
export const LAYOUT_SLOTS = 23;

/** Byte offset of the doubles: ω of the task, then its ‖Δr‖². */
export const DOUBLES_AT = 192;
export const OMEGA = 0;
export const CHANGE2 = 1;
/** Bytes of the control block. */
export const CONTROL_BYTES = DOUBLES_AT + 16;

/** Checks of a slot either thread makes before it sleeps on it (Atomics.wait). */
export const SPIN_CHECKS = 20_000;
