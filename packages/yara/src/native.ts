import * as binding from '@litko/yara-x';
import type { CompileResult, CompilerOptions, YaraX } from '@litko/yara-x';

/**
 * Typed face of the binding: its typings name `YaraXImpl`/`CompilerOptionsType` without
 * declaring them, so its functions come through as `any`.
 */
export type CompiledRules = YaraX;
export type NativeOptions = CompilerOptions;
export type NativeResult = CompileResult;

export const compileRules: (source: string, options?: NativeOptions) => CompiledRules = binding.compile;
export const validateRules: (source: string, options?: NativeOptions) => NativeResult = binding.validate;
