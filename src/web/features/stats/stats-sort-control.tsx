import type { StatsSort } from "../../../core/stats";
import { messages } from "../../../core/messages";
import { SegmentedControl } from "../../ui/segmented-control";
import { statsCopy } from "./stats-copy";

const options: { value: StatsSort; label: string }[] = [
  { value: "streak", label: messages.stats.sortStreak },
  { value: "completion", label: messages.stats.sortCompletion },
  { value: "az", label: messages.stats.sortAz },
];

export function StatsSortControl({
  value,
  onChange,
}: {
  value: StatsSort;
  onChange: (sort: StatsSort) => void;
}) {
  return (
    <SegmentedControl
      label={statsCopy.sortBy}
      shown="wide"
      options={options}
      value={value}
      onChange={onChange}
    />
  );
}
