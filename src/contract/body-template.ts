import * as z from 'zod';
import { type OperationSchemas, operations } from './operations.js';
import type { OperationId } from './routes.js';

/** A stand-in value of a field's type, for a template that is filled in by hand. */
function sample(field: z.ZodType): string {
  const type = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType).type : field.type;
  if (type === 'number' || type === 'int' || type === 'bigint') return '0';
  if (type === 'boolean') return 'false';
  if (type === 'object') return '{}';
  if (type === 'array') return '[]';
  return '"…"';
}

/**
 * The JSON body an operation takes, as a one-line template made from its request schema:
 * `{"domain": "…"}` for addDomain. The required fields only, since they are what a request
 * cannot do without (all of them when none is required); undefined for an operation without a
 * body, or one whose body is not an object.
 */
export function bodyTemplate(operationId: OperationId): string | undefined {
  const body = (operations[operationId] as OperationSchemas).body;
  if (!(body instanceof z.ZodObject)) return undefined;
  const fields = Object.entries(body.shape as Record<string, z.ZodType>);
  const required = fields.filter(([, field]) => !field.safeParse(undefined).success);
  const shown = required.length > 0 ? required : fields;
  return `{${shown.map(([name, field]) => `${JSON.stringify(name)}: ${sample(field)}`).join(', ')}}`;
}
