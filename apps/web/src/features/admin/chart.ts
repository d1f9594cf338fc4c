/**
 * Chart.js, with only what the admin pages draw registered (bar charts on category × linear axes,
 * with tooltips), so the bundler leaves the rest out. Charts are pictures of a table that sits
 * beside them: they are hidden from assistive technology, and never the only way to read a number.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip, type ChartConfiguration } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export { Chart };

export interface ChartColors {
  bar: string;
  grid: string;
  text: string;
  font: string;
}

/** The theme's colours and font, read from the page's custom properties (they change with "lights off"). */
export function readColors(root: Element = document.documentElement): ChartColors {
  const style = getComputedStyle(root);
  const value = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    bar: value('--ember', '#b4532a'),
    grid: value('--rule', '#e1d9cd'),
    text: value('--muted', '#6f665c'),
    font: style.fontFamily || 'serif',
  };
}

export interface BarChartInput {
  labels: string[];
  values: number[];
  /** Names the numbers in the tooltip ("players"). */
  label: string;
  /** Bars across (long labels such as milestone names) rather than up. */
  horizontal?: boolean;
  locale: string;
  colors: ChartColors;
}

export function barChartConfig(input: BarChartInput): ChartConfiguration<'bar', number[], string> {
  const { colors } = input;
  const valueAxis = input.horizontal ? 'x' : 'y';
  const categoryAxis = input.horizontal ? 'y' : 'x';
  const font = { family: colors.font, size: 13 };
  return {
    type: 'bar',
    data: {
      labels: input.labels,
      datasets: [{ label: input.label, data: input.values, backgroundColor: colors.bar, borderWidth: 0, maxBarThickness: 28 }],
    },
    options: {
      indexAxis: input.horizontal ? 'y' : 'x',
      locale: input.locale,
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { tooltip: { enabled: true } },
      scales: {
        [valueAxis]: {
          beginAtZero: true,
          ticks: { color: colors.text, font, precision: 0 },
          grid: { color: colors.grid },
          border: { display: false },
        },
        [categoryAxis]: {
          ticks: { color: colors.text, font, autoSkip: !input.horizontal },
          grid: { display: false },
          border: { color: colors.grid },
        },
      },
    },
  };
}
