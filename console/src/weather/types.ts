import type { DataOf } from '../api/types';

export type WeatherOverview = DataOf<'/api/v1/alerts/weather', 'get'>;
export type Monitor = WeatherOverview['monitor'];
export type AlertRule = WeatherOverview['rules'][number];
export type Activation = WeatherOverview['activeAlerts'][number];

/** The reads this page makes, refreshed after each change. */
export const WEATHER_PATH = '/api/v1/alerts/weather';
