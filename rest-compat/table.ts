import type { Route } from './route.ts';
import { blogRoutes } from './routes/blog.ts';
import { calcdocRoutes } from './routes/calcdoc.ts';
import { codeRoutes } from './routes/codes.ts';
import { documentRoutes } from './routes/documents.ts';
import { drawingRoutes } from './routes/drawings.ts';
import { jobRoutes } from './routes/jobs.ts';
import { projectRoutes } from './routes/projects.ts';
import { searchRoutes } from './routes/search.ts';
import { spreadsheetRoutes } from './routes/spreadsheet.ts';

/** Every hosted REST route: the router and the OpenAPI document are both built from this table. */
export const ROUTES: Route[] = [
  ...codeRoutes,
  ...blogRoutes,
  ...jobRoutes,
  ...drawingRoutes,
  ...searchRoutes,
  ...documentRoutes,
  ...calcdocRoutes,
  ...spreadsheetRoutes,
  ...projectRoutes,
];
