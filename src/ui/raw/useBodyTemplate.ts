import { useEffect, useState } from 'react';
import type * as bodyTemplates from '../../contract/body-template.js';
import { matchRoute, pathnameOf } from '../../contract/match-route.js';
import type { HttpMethod, OperationId } from '../../contract/routes.js';

type BodyTemplates = typeof bodyTemplates;
let loaded: BodyTemplates | undefined;

/**
 * The body template of an operation (`{"domain": "…"}`), from its request schema. Loaded when
 * first asked for: the schemas bring zod, which the UI's bundle otherwise does without (about
 * 150 KB that every start would read for a screen few open).
 */
export function useBodyTemplate(operationId: OperationId | undefined): string | undefined {
  const [templates, setTemplates] = useState(loaded);
  useEffect(() => {
    if (templates) return;
    void import('../../contract/body-template.js').then((module) => {
      loaded = module;
      setTemplates(module);
    });
  }, [templates]);
  return operationId && templates ? templates.bodyTemplate(operationId) : undefined;
}

/**
 * The template of the route a raw request's method and path reach: the placeholder the body
 * field shows while it is empty. `{project_id}` is the screen's project, as the screen fills it.
 */
export function useRouteBodyTemplate(
  method: HttpMethod,
  path: string,
  project: string | undefined,
): string | undefined {
  const filled = project ? path.replaceAll('{project_id}', encodeURIComponent(project)) : path;
  return useBodyTemplate(matchRoute(method, pathnameOf(filled)).match?.route.operationId);
}
