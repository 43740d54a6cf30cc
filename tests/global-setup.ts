import { ensureBuild } from '../scripts/ensure-build.ts';

export default function setup() {
  ensureBuild();
}
