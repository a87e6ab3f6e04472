/**
 * How dawn.node waits for the device, and why it waits on timers when the device is the CPU.
 *
 * While any promise of a device is pending (mapAsync, onSubmittedWorkDone,
 * createComputePipelineAsync), dawn.node's AsyncRunner ticks the device (`device.Tick()`) on
 * every turn of the event loop: each tick reads `setImmediate` from the global object and calls it
 * with a new native function that ticks again (its source says so: "We probably want to reduce the
 * frequency", crbug.com/dawn/1127). On a GPU that is harmless: the CPU has nothing else to do. On a
 * software adapter (lavapipe) the device's work runs on the same cores: the spinning main thread
 * takes one of them, makes a native function and a V8 handle a turn (garbage), and the device's
 * worker threads get the rest. Measured on the 2-core development machine, 2026-12-04, Mesa
 * 25.0.7 lavapipe, empty shader cache: test/gpu/exactness.gpu.test.ts and algorithms.gpu.test.ts
 * together took 36.9 s with the spin and 21.9 s with the tick on a timer; the whole test command's
 * vitest 384 s and 246 s (docs/performance.md, issue 36 item 5).
 *
 * So on a software adapter `pollOnTimers()` wraps the global `setImmediate`: a call with Dawn's tick
 * (a native function of no name and no parameters, called with no arguments) is deferred with
 * `setTimeout(tick, 0)` (Node makes that 1 ms) instead, so a wait polls at most about 1,000 times a
 * second and sleeps in between. A wait then ends up to 1 ms after the device finished: on lavapipe
 * a dispatch takes longer than that. Every other call passes through unchanged: Promise resolvers
 * (`new Promise((r) => setImmediate(r))`, src/runtime/run.ts) take one parameter, bound functions
 * have a name, JavaScript functions are not native. Node's own timers do not read the global. On a
 * hardware adapter nothing is wrapped. The wrapper is removed when the last context that asked for
 * it is destroyed.
 */

type SetImmediate = typeof globalThis.setImmediate;

let installed = 0;
let original: SetImmediate | null = null;
let deferred = 0;

const fnToString = Function.prototype.toString;

/** Dawn's tick: a native function with no name and no parameters, passed with no arguments. */
function isDawnTick(fn: unknown, args: readonly unknown[]): fn is () => void {
  return (
    typeof fn === 'function' &&
    args.length === 0 &&
    fn.length === 0 &&
    fn.name === '' &&
    fnToString.call(fn).includes('[native code]')
  );
}

/**
 * Defers Dawn's device ticks to timers (see above) until the returned function is called; nested
 * calls share one wrapper.
 */
export function pollOnTimers(): () => void {
  if (installed++ === 0) {
    const passThrough = globalThis.setImmediate;
    original = passThrough;
    const wrapped = function (this: unknown, fn: unknown, ...args: unknown[]) {
      if (isDawnTick(fn, args)) {
        deferred++;
        return setTimeout(fn, 0) as unknown as NodeJS.Immediate;
      }
      return (passThrough as (...a: unknown[]) => NodeJS.Immediate).call(this, fn, ...args);
    };
    // setImmediate.__promisify__ and the like stay reachable.
    Object.assign(wrapped, passThrough);
    globalThis.setImmediate = wrapped as unknown as SetImmediate;
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--installed === 0 && original) {
      globalThis.setImmediate = original;
      original = null;
    }
  };
}

/** How many of Dawn's ticks went to a timer since the process started (the tests read it). */
export function deferredTicks(): number {
  return deferred;
}
