import type { ChecklistName } from '@moncafe/domain/checklist/kinds';
import type { Answer as ChecklistAnswer } from '#app/routes/api/store-opening-tasks/$id/route';
import { checklistPath } from './checklist';
import { LoadError, Loading, StoreRequired, useAreaStore } from './components';
import { useLoad } from '#app/shared/use-load';
import { fieldsForm, ListEditor } from './list-editor';
import { adminStaffTexts as a, staffTexts as t } from './texts';
import { staffScreenName } from '#app/areas/texts';

const TaskForm = fieldsForm<{ task_text: string }>([{ name: 'task_text', label: a.taskText, required: true }], { task_text: '' });

/** /admin/opening-prep and /admin/close-prep: the store's tasks — add, reword, reorder, remove. */
export function ChecklistEditor({ list }: { list: ChecklistName }) {
  const { storeId, ready } = useAreaStore();
  const day = useLoad<ChecklistAnswer>(storeId ? `${checklistPath[list]}/${encodeURIComponent(storeId)}` : null);
  const tasks = day.data?.tasks ?? null;
  const failed = day.failed;
  const load = day.reload;

  if (ready && !storeId) return <StoreRequired home="/admin" />;
  const staffScreen = staffScreenName(list === 'opening' ? 'opening-prep' : 'close-prep');
  return (
    <div className="sa-page" data-ready={ready && tasks ? 'true' : undefined}>
      <h2>{list === 'opening' ? a.openingTitle : a.closingTitle}</h2>
      <p className="hint">{a.shownOnStaff(staffScreen)}</p>
      {failed && <LoadError message={t.loadFailed} onRetry={() => void load()} />}
      {!tasks && !failed && <Loading />}
      {tasks && storeId && (
        <ListEditor
          kind="checklist-task"
          storeId={storeId}
          items={tasks}
          collectionUrl="/api/admin/checklist-tasks"
          itemUrl={(id) => `/api/admin/checklist-tasks/${encodeURIComponent(id)}`}
          name={(task) => task.task_text}
          view={(task) => task.task_text}
          toForm={(task) => ({ task_text: task.task_text })}
          Form={TaskForm}
          fixed={{ list }}
          empty={a.noTasks}
          addTitle={a.newTask}
          reload={load}
        />
      )}
    </div>
  );
}
