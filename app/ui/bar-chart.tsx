import { useId } from 'react'

export interface Bar {
  label: string
  value: number
  /** The value as the page shows it ('$1,200.00', '65.23%'). */
  text: string
}

const ROW = 22
const BAR = 14
const LABEL_WIDTH = 128
const VALUE_WIDTH = 92
const TOP = 4

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/**
 * Horizontal bars drawn on the server as SVG: it shows without JavaScript, prints, and costs the page
 * no chart library. An image to assistive technology (role="img", named by its title and described by
 * its desc); the numbers themselves are in the table beside it. Values below zero draw as no bar.
 */
export function BarChart({
  title,
  description,
  bars,
  width = 380,
}: {
  title: string
  description: string
  bars: readonly Bar[]
  width?: number
}) {
  const id = useId()
  const max = Math.max(0, ...bars.map((bar) => (Number.isFinite(bar.value) ? bar.value : 0)))
  const room = width - LABEL_WIDTH - VALUE_WIDTH
  const height = TOP * 2 + Math.max(1, bars.length) * ROW
  return (
    <svg
      className="bar-chart"
      fontFamily="inherit"
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {bars.map((bar, index) => {
        const y = TOP + index * ROW
        const length = max > 0 && bar.value > 0 ? Math.max(1, (bar.value / max) * room) : 0
        return (
          <g key={`${index}-${bar.label}`}>
            <text
              x={LABEL_WIDTH - 6}
              y={y + ROW / 2}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={11}
              fill="var(--mantine-color-text)"
            >
              {clip(bar.label || '(none)', 20)}
            </text>
            <rect
              x={LABEL_WIDTH}
              y={y + (ROW - BAR) / 2}
              width={length}
              height={BAR}
              rx={2}
              fill="var(--mantine-color-blue-6)"
            />
            <text
              x={LABEL_WIDTH + length + 4}
              y={y + ROW / 2}
              dominantBaseline="middle"
              fontSize={11}
              fill="var(--mantine-color-text)"
            >
              {bar.text}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
