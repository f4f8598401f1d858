/** The dashboard chart's box and colours, shared by its frame (figure-chart.tsx) and its bars (figure-bars.tsx). */
export const HEIGHT = 180;
export const LEGEND_HEIGHT = 24;
export const THIS_WEEK_COLOUR = "#1f4f55";
export const PREVIOUS_WEEK_COLOUR = "#ddd5c7";
