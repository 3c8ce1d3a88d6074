import type { ComponentType } from 'react';
import type { Permission } from '@kabuto/contract';

/** One screen a feature adds to the console; the app assembles the route table from these. */
export interface FeatureRoute {
  /** Path from the console's root, e.g. `users/:userId`. */
  path: string;
  Component: ComponentType;
  /** `public`: outside the console (the login page); `staff`: any signed-in staff member; else a permission. */
  access: 'public' | 'staff' | Permission;
}
