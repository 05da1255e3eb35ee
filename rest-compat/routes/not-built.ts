// Spec routes whose capability arrives with a later issue. They are in the
// route table and in /openapi.json (marked), and answer 501 NOT_IMPLEMENTED.
import { z } from 'zod';
import type { Route } from '../route.ts';

const pending = (r: Omit<Route, 'auth' | 'errors' | 'successStatus'> & { successStatus?: number }): Route => ({
  auth: 'bearer',
  errors: 'hosted',
  successStatus: 200,
  ...r,
});

const id = (name: string) => z.object({ [name]: z.string() });

export const notBuiltRoutes: Route[] = [
  pending({ method: 'post', path: '/v1/projects', summary: 'Create a project', tag: 'projects', notImplemented: 'Projects (drawing analysis Tier 2)',
    body: z.object({ name: z.string(), description: z.string().optional() }) }),
  pending({ method: 'get', path: '/v1/projects', summary: 'List projects', tag: 'projects', notImplemented: 'Projects (drawing analysis Tier 2)' }),
  pending({ method: 'get', path: '/v1/projects/{project_id}', summary: 'Project detail', tag: 'projects', params: id('project_id'), notImplemented: 'Projects (drawing analysis Tier 2)' }),
  pending({ method: 'post', path: '/v1/projects/{project_id}/sheets', summary: 'Ingest sheets into a project (a job per page range)', tag: 'projects', params: id('project_id'), multipart: true, successStatus: 202, notImplemented: 'Projects (drawing analysis Tier 2)',
    body: z.object({ file: z.string(), page: z.string() }) }),
];
