import { notFoundJson } from './+shared/json';

/** Unknown /api paths answer JSON 404 rather than the homepage redirect pages get. */
export function loader() {
  return notFoundJson('no such call');
}

export function action() {
  return notFoundJson('no such call');
}
