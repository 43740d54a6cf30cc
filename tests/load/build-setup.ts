import { ensureBuild } from '../../scripts/ensure-build.mjs';

// The load suites drive the production build, like the integration suites: built first when stale.
export default function setup() {
  ensureBuild();
}
