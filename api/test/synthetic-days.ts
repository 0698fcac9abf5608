/** Weekdays from 2019-01-01 (synthetic trading days for model and indicator tests): `count` of them. */
export function weekdays(count: number): string[] {
  const days: string[] = [];
  for (let time = Date.UTC(2019, 0, 1); days.length < count; time += 86_400_000) {
    const day = new Date(time);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}
