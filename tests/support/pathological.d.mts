export interface PathologicalRun {
  name: string;
  make: (n: number) => string;
}
export interface TextForm {
  form: string;
  path: (fx: Record<string, string>) => string;
  as: "anonymous" | "admin";
  honeypot?: boolean;
  mode?: "closed" | "request" | "open";
  valid: (fx: Record<string, string>) => Record<string, string>;
  fields: Record<string, number>;
}
export interface PathologicalCase {
  form: TextForm;
  field: string;
  run: string;
  size: string;
  value: string;
}
export const BODY_BUDGET: number;
export const OVER_CAP: number;
export const PATHOLOGICAL_RUNS: PathologicalRun[];
export function fullSize(run: PathologicalRun, budget?: number): string;
export const TEXT_FORMS: TextForm[];
export function pathologicalCases(
  forms?: TextForm[],
  options?: { fullSizeEvery?: number; overEvery?: number },
): Generator<PathologicalCase>;
export function atMaximumCases(forms?: TextForm[]): Generator<PathologicalCase>;
