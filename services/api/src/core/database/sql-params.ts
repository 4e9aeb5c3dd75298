/**
 * The parameters of one SQL statement put together from several modules' parts, each module
 * writing the part on its own tables (a public booking: the checks, the customer, the appointment,
 * its links and its messages in one round trip). A part adds each value it needs and writes the
 * placeholder it gets back, so no part counts the others' parameters.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  /**
   * `$n` for `value`; with `type`, `$n::type`: needed wherever PostgreSQL cannot tell a
   * parameter's type from where it stands (a SELECT list, a function's argument).
   */
  add(value: unknown, type?: string): string {
    this.values.push(value);
    const placeholder = `$${this.values.length}`;
    return type ? `${placeholder}::${type}` : placeholder;
  }
}
