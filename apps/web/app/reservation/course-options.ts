import { useEffect, useState } from 'react';
import { dependencySpecOf, optionSpecOf, type DependencySpec, type OptionSpec } from '@moncafe/domain/reservation/detail';
import { callJson } from '#app/http/api-client';
import type { Answer as DependenciesAnswer } from '#app/routes/api/admin/menu-options/dependencies/route';
import type { Answer as OptionsAnswer } from '#app/routes/api/customer-detail/route';

export interface CourseOptions {
  options: OptionSpec[];
  dependencies: DependencySpec[];
}

/**
 * The options the cart's courses ask for and the dependencies between them (POST
 * /api/customer-detail per course, GET …/menu-options/dependencies), as the details screen, the
 * review and the summary read them. Null when a course's options could not be read.
 */
async function loadCourseOptions(menuIds: readonly string[]): Promise<CourseOptions | null> {
  const answers = await Promise.all(menuIds.map((menuId) => callJson<OptionsAnswer>('/api/customer-detail', { body: { menuId } })));
  const options: OptionSpec[] = [];
  for (const answer of answers) {
    if (!answer.ok) return null;
    // Options lacking option_id are dropped (customer-site.md §3).
    // Extra prices as the guest is shown them, tax included (decision 632), so the review adds what the bill charges.
    for (const option of answer.body.options)
      if (option.option_id)
        options.push(optionSpecOf(option.option_id, { ...option, choices: option.choices.map((c) => ({ ...c, extra_price: c.extra_price_with_tax })) }));
  }
  if (options.length === 0) return { options, dependencies: [] };
  const deps = await callJson<DependenciesAnswer>('/api/admin/menu-options/dependencies');
  return { options, dependencies: deps.ok ? deps.body.dependencies.map(dependencySpecOf) : [] };
}

export type CourseOptionsLoad = { state: 'loading' } | { state: 'failed' } | ({ state: 'loaded' } & CourseOptions);

const LOADING: CourseOptionsLoad = { state: 'loading' };

/** The cart's course options, reloaded when the courses change. */
export function useCourseOptions(menuIds: readonly string[]): CourseOptionsLoad {
  // The answer is kept with the courses it was for: other courses read as loading until theirs comes.
  const [load, setLoad] = useState<{ key: string; load: CourseOptionsLoad } | null>(null);
  const key = menuIds.join(',');
  useEffect(() => {
    if (key === '') return;
    let live = true;
    void loadCourseOptions(key.split(',')).then((loaded) => {
      if (live) setLoad({ key, load: loaded ? { state: 'loaded', ...loaded } : { state: 'failed' } });
    });
    return () => {
      live = false;
    };
  }, [key]);
  return load && load.key === key ? load.load : LOADING;
}
