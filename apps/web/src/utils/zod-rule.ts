/**
 * antd Form rules derived from the contracts' zod schemas (ARCHITECTURE §5): the first issue's
 * Chinese message becomes the field error. Mark the Form.Item `required` for the asterisk only.
 */
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * One antd rule that validates the field value with `schema`. `empty` replaces an undefined/null
 * value first (e.g. '' so that a select's "请选择…" message of the schema is the one shown).
 */
export function zodRule(schema: z.ZodType, opts: { empty?: unknown } = {}): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const input = (value === undefined || value === null) && 'empty' in opts ? opts.empty : value;
      const result = schema.safeParse(input);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '输入不正确');
    },
  };
}
