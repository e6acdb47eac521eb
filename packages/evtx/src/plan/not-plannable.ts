/** Thrown while rendering a template for a plan when its output depends on a value's text. */
export class NotPlannable extends Error {
  constructor() {
    super('output depends on a substitution value');
  }
}
