import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

export interface BarDatum {
  label: string;
  value: number;
}

/**
 * A small SVG bar chart (no chart library: it stays in the admin chunk and weighs nothing). The
 * figures are also in a visually hidden table for screen readers.
 */
export function BarChart({
  title,
  data,
  format,
  horizontal = false,
}: {
  title: string;
  data: BarDatum[];
  format: (value: number) => string;
  horizontal?: boolean;
}) {
  const theme = useTheme();
  const max = Math.max(1, ...data.map((d) => d.value));
  const width = 640;
  const rowHeight = 24;
  const height = horizontal ? Math.max(rowHeight, data.length * rowHeight) : 200;
  const barWidth = horizontal ? 0 : width / Math.max(1, data.length);
  return (
    <Box>
      <Box
        component="svg"
        viewBox={`0 0 ${width} ${height + (horizontal ? 0 : 20)}`}
        role="img"
        aria-label={title}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        {data.map((d, i) => {
          if (horizontal) {
            const w = (d.value / max) * (width - 340);
            return (
              <g key={`${d.label}-${i}`}>
                <text x={0} y={i * rowHeight + 16} fontSize={12} fill={theme.palette.text.primary}>
                  {d.label.length > 34 ? `${d.label.slice(0, 33)}…` : d.label}
                </text>
                <rect
                  x={230}
                  y={i * rowHeight + 4}
                  width={Math.max(1, w)}
                  height={rowHeight - 8}
                  fill={theme.palette.primary.main}
                />
                <text x={236 + w} y={i * rowHeight + 16} fontSize={12} fill={theme.palette.text.secondary}>
                  {format(d.value)}
                </text>
              </g>
            );
          }
          const h = (d.value / max) * (height - 10);
          return (
            <g key={`${d.label}-${i}`}>
              <rect
                x={i * barWidth + 1}
                y={height - h}
                width={Math.max(1, barWidth - 2)}
                height={h}
                fill={theme.palette.primary.main}
              >
                <title>{`${d.label}: ${format(d.value)}`}</title>
              </rect>
              {i % Math.ceil(data.length / 8) === 0 ? (
                <text x={i * barWidth} y={height + 14} fontSize={11} fill={theme.palette.text.secondary}>
                  {d.label.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </Box>
      <Box
        component="table"
        sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        <caption>{title}</caption>
        <tbody>
          {data.map((d, i) => (
            <tr key={`${d.label}-${i}`}>
              <th scope="row">{d.label}</th>
              <td>{format(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
