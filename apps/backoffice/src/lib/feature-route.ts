import type { ComponentType } from 'react';
import type { Permission } from '@kabuto/contract';

/** One screen a feature adds to the console; the app assembles the route table from these. */
export interface FeatureRoute {
  /** Path from the console's root, e.g. `users/:userId`. */
  path: string;
  /**
   * Loads the screen on its first visit, so each screen is a chunk of its own and the console's first load
   * carries only the shell: `() => import('./UsersRoute').then((m) => m.UsersRoute)`.
   */
  load: () => Promise<ComponentType>;
  /** `public`: outside the console (the login page); `staff`: any signed-in staff member; else a permission. */
  access: 'public' | 'staff' | Permission;
}
