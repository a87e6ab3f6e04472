// What the device said of the WGSL it rejected. A shader the device rejects is the compiler's bug
// (the code generator's, or a limit it did not respect): the user gets the kernel, the WGSL line
// and the device compiler's own message, as a GPU error (exit 4), never an internal error.

// The WebGPU types (GPUDevice, ...) for this module's declarations, kept in its .d.ts for the
// package's users ("preserve": TypeScript drops a reference it did not synthesise otherwise).
/// <reference types="@webgpu/types" preserve="true" />

/** A shader module and the code it was made from. */
export interface ShaderSource {
  label: string;
  module: GPUShaderModule;
  code: string;
}

/** The longest part of a WGSL line shown around the place of an error. */
const SHOWN = 200;

/**
 * The errors the device's compiler reported for `shaders`, one paragraph each (kernel, WGSL line
 * and column, message, the line itself, cut around the column where it is long); undefined when
 * there are none.
 */
export async function rejectedShaders(
  shaders: readonly ShaderSource[],
): Promise<string | undefined> {
  const out: string[] = [];
  for (const s of shaders) {
    const info = await s.module.getCompilationInfo();
    for (const m of info.messages) {
      if (m.type !== 'error') continue;
      const line = s.code.split('\n')[m.lineNum - 1] ?? '';
      const from = Math.max(0, Math.min(m.linePos - 1 - SHOWN / 2, line.length - SHOWN));
      const shown =
        line.length > SHOWN
          ? `${from > 0 ? '... ' : ''}${line.slice(from, from + SHOWN)}${from + SHOWN < line.length ? ' ...' : ''}`
          : line;
      out.push(
        `kernel ${s.label}, WGSL line ${m.lineNum}, column ${m.linePos} (the line has ${line.length} characters): ${m.message}\n  ${m.lineNum} | ${shown.trim()}`,
      );
    }
  }
  return out.length ? out.join('\n') : undefined;
}

/** The message of a GPU error for shaders the device rejected (`rejected`: rejectedShaders's). */
export function rejectedMessage(rejected: string): string {
  return `the device rejected the WGSL that opt generated, a bug of the compiler (please report it with the program; OPT_DEBUG=1 prints the whole WGSL):\n${rejected}`;
}
