import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';

ChartJS.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
  Filler,
);

export type ActivityChartType = 'bar' | 'line';

export interface ActivityChartCanvasProps {
  type: ActivityChartType;
  labels: string[];
  series: { label: string; values: number[] }[];
  ariaLabel: string;
}

// Mid-tone colours read on both the light and the dark surface, so the chart needs no theme listener.
const SERIES_COLOURS = ['#0ea5e9', '#f59e0b'];
const AXIS_COLOUR = '#8391a2';
const GRID_COLOUR = 'rgba(131, 145, 162, 0.22)';

/** The chart.js canvas; its own chunk, loaded only on the dashboard. */
export default function ActivityChartCanvas({ type, labels, series, ariaLabel }: ActivityChartCanvasProps) {
  const data: ChartData<ActivityChartType, number[], string> = {
    labels,
    datasets: series.map((s, index) => {
      const colour = SERIES_COLOURS[index % SERIES_COLOURS.length] ?? AXIS_COLOUR;
      return {
        label: s.label,
        data: s.values,
        backgroundColor: type === 'bar' ? colour : `${colour}33`,
        borderColor: colour,
        borderWidth: 2,
        borderRadius: 4,
        fill: type === 'line',
        tension: 0.3,
        pointRadius: 3,
      };
    }),
  };
  const options: ChartOptions<ActivityChartType> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: {
        position: 'bottom',
        labels: { color: AXIS_COLOUR, usePointStyle: true, boxWidth: 8, boxHeight: 8, padding: 16 },
      },
    },
    scales: {
      x: { ticks: { color: AXIS_COLOUR }, grid: { display: false } },
      y: { beginAtZero: true, ticks: { color: AXIS_COLOUR, precision: 0 }, grid: { color: GRID_COLOUR } },
    },
  };
  return <Chart type={type} data={data} options={options} aria-label={ariaLabel} role="img" />;
}
