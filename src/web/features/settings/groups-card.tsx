// Settings' Groups card (docs/product.md, "Groups"): add, rename, reorder, fold by default and delete the user's
// groups of habits. Each write goes through the local store's outbox like every other (lib/habits/use-user-settings.ts).
import { type FormEvent, useId, useRef, useState } from "react";
import { messages } from "../../../core/messages";
import { MAX_NAME_LENGTH, normalizeName } from "../../../core/name";
import type { HabitGroup } from "../../../core/sync";
import { groupProblem } from "../../lib/habits/groups";
import { Button } from "../../ui/button";
import { ConfirmDialog, useConfirm } from "../../ui/confirm-dialog";
import { inputClass } from "../../ui/form-controls";
import { ChevronDownIcon, TrashIcon } from "../../ui/icons";
import { mutedText, SettingsSection } from "../../ui/settings-section";

const t = messages.groups;
const errorText = "mt-2 text-sm font-medium text-rose-700 dark:text-rose-300";

export type GroupsCardProps = {
  groups: readonly HabitGroup[];
  /** Each resolves false when nothing was kept on this device. */
  onAdd: (name: string) => Promise<boolean>;
  onRename: (id: string, name: string) => Promise<boolean>;
  onSetFolded: (id: string, folded: boolean) => Promise<boolean>;
  onMove: (id: string, direction: "up" | "down") => Promise<boolean>;
  onDelete: (id: string) => Promise<boolean>;
  /** The local store has not opened yet: the groups shown are none, not the user's. */
  loading?: boolean;
};

export function GroupsCard({
  groups,
  onAdd,
  onRename,
  onSetFolded,
  onMove,
  onDelete,
  loading = false,
}: GroupsCardProps) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const listId = useId();
  const { ask, pending } = useConfirm();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const problem = groupProblem(name, groups);
    if (problem !== null) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    if (await onAdd(name)) {
      // A name typed while the write was under way is the next one: only the one sent is cleared.
      setName((current) => (current === name ? "" : current));
      setError(null);
    } else setError(t.saveFailed);
  };
  const remove = async (group: HabitGroup) => {
    const yes = await ask({
      title: t.confirmTitle(group.name),
      body: t.confirmBody,
      confirm: t.confirmDelete,
      cancel: t.cancel,
      tone: "danger",
    });
    if (yes) await onDelete(group.id);
  };

  return (
    <SettingsSection title={t.title} testId="settings-groups">
      <p className={mutedText}>{t.intro}</p>
      <form onSubmit={(event) => void add(event)} noValidate className="mt-4">
        <label
          htmlFor={inputId}
          className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          {t.nameLabel}
        </label>
        <div className="flex gap-2">
          <input
            ref={inputRef}
            id={inputId}
            value={name}
            // One more than the rule allows: a pasted name too long is said to be so, not cut without a word.
            maxLength={MAX_NAME_LENGTH + 1}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            className={`${inputClass} min-h-11 min-w-0 flex-1`}
          />
          <Button type="submit" variant="primary" className="min-h-11" disabled={loading}>
            {t.add}
          </Button>
        </div>
        {error && (
          <p id={errorId} role="alert" className={errorText}>
            {error}
          </p>
        )}
      </form>
      {groups.length === 0 ? (
        <p className={`mt-4 ${mutedText}`}>{t.none}</p>
      ) : (
        <ul
          id={listId}
          aria-label={t.listLabel}
          className="mt-4 divide-y divide-slate-200 dark:divide-slate-800"
        >
          {groups.map((group, index) => (
            <GroupItem
              key={group.id}
              group={group}
              groups={groups}
              first={index === 0}
              last={index === groups.length - 1}
              onRename={(next) => onRename(group.id, next)}
              onSetFolded={(folded) => void onSetFolded(group.id, folded)}
              onMove={(direction) => void onMove(group.id, direction)}
              onDelete={() => void remove(group)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog pending={pending} testId="delete-group-dialog" />
    </SettingsSection>
  );
}

function GroupItem({
  group,
  groups,
  first,
  last,
  onRename,
  onSetFolded,
  onMove,
  onDelete,
}: {
  group: HabitGroup;
  groups: readonly HabitGroup[];
  first: boolean;
  last: boolean;
  onRename: (name: string) => Promise<boolean>;
  onSetFolded: (folded: boolean) => void;
  onMove: (direction: "up" | "down") => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const foldedId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  // Saved or cancelled: the keyboard goes on from the Rename button.
  const done = () => {
    setEditing(false);
    requestAnimationFrame(() =>
      itemRef.current?.querySelector<HTMLButtonElement>("[data-action=rename]")?.focus(),
    );
  };
  return (
    <li ref={itemRef} data-testid="group-item" data-group-id={group.id} className="py-3">
      {editing ? (
        <RenameForm group={group} groups={groups} onRename={onRename} onDone={done} />
      ) : (
        <p className="font-medium wrap-anywhere text-slate-900 dark:text-white">
          <bdi>{group.name}</bdi>
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label
          htmlFor={foldedId}
          className="me-auto flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-700 dark:text-slate-200"
        >
          <input
            id={foldedId}
            type="checkbox"
            checked={group.folded}
            onChange={(event) => onSetFolded(event.target.checked)}
            className="size-5 accent-indigo-600"
          />
          {t.foldedByDefault}
        </label>
        <Button
          iconOnly
          className="size-11"
          aria-label={t.moveUp(group.name)}
          title={t.moveUp(group.name)}
          disabled={first}
          onClick={() => onMove("up")}
        >
          <ChevronDownIcon size={18} className="rotate-180" />
        </Button>
        <Button
          iconOnly
          className="size-11"
          aria-label={t.moveDown(group.name)}
          title={t.moveDown(group.name)}
          disabled={last}
          onClick={() => onMove("down")}
        >
          <ChevronDownIcon size={18} />
        </Button>
        {!editing && (
          <Button
            data-action="rename"
            className="min-h-11"
            aria-label={t.renameGroup(group.name)}
            onClick={() => setEditing(true)}
          >
            {t.rename}
          </Button>
        )}
        <Button
          variant="danger"
          iconOnly
          className="size-11"
          aria-label={t.deleteGroup(group.name)}
          title={t.deleteGroup(group.name)}
          onClick={onDelete}
        >
          <TrashIcon size={18} />
        </Button>
      </div>
    </li>
  );
}

function RenameForm({
  group,
  groups,
  onRename,
  onDone,
}: {
  group: HabitGroup;
  groups: readonly HabitGroup[];
  onRename: (name: string) => Promise<boolean>;
  onDone: () => void;
}) {
  const [name, setName] = useState(group.name);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = groupProblem(name, groups, group.id);
    if (problem !== null) return setError(problem);
    // An unchanged name writes nothing (false) and is no failure.
    if ((await onRename(name)) || normalizeName(name) === group.name) onDone();
    else setError(t.saveFailed);
  };
  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <div className="flex flex-wrap gap-2">
        <input
          aria-label={t.newName(group.name)}
          value={name}
          autoFocus
          maxLength={MAX_NAME_LENGTH + 1}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") onDone();
          }}
          className={`${inputClass} min-h-11 min-w-0 flex-1`}
        />
        <Button type="submit" variant="primary" className="min-h-11">
          {t.save}
        </Button>
        <Button className="min-h-11" onClick={onDone}>
          {t.cancel}
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className={errorText}>
          {error}
        </p>
      )}
    </form>
  );
}
