// What a fixture's joint-pricing model is built from: its model parameters (drift included), the
// in-play state and the player-prop rates. The producer computes them from the simulator's
// runtime and publishes them on the feed; the edge builds SGP pricers from them, so an SGP
// request never reaches into the producer's thread.
import type { ModelParams } from '../pricing/fixture-pricer.ts';
import type { PlayerRates } from '../pricing/player-props.ts';
import type { InPlayState } from '../pricing/score-model.ts';
import { inPlayStateOf, type PricingModels } from '../sim/pricing-adapter.ts';
import type { FixtureRuntime } from '../sim/fixture-runtime.ts';

export interface PricingInputs {
  readonly params: ModelParams;
  readonly state: InPlayState;
  readonly players: readonly PlayerRates[];
}

/**
 * In play the model moves with the clock: the elapsed share is read in steps of 1/1000 of
 * regulation (3 s of a basketball game, 5 s of soccer), so a burst of requests shares one model
 * and a price never lags the clock by more than a step. A score, a drift (pre-match) or a new
 * player count changes the inputs at once.
 */
const ELAPSED_STEP = 1000;

export function pricingInputsOf(models: PricingModels, runtime: FixtureRuntime): PricingInputs {
  const params = models.params(runtime.params);
  const exact = inPlayStateOf(runtime.record.match, runtime.params.rules);
  const state: InPlayState = { ...exact, elapsed: Math.round(exact.elapsed * ELAPSED_STEP) / ELAPSED_STEP };
  const rates = new Map<number, Record<string, { mean: number }>>();
  for (const prop of runtime.record.props) rates.set(prop.playerId, { ...rates.get(prop.playerId), [prop.marketType]: { mean: prop.rate } });
  const players: PlayerRates[] = [...rates].map(([playerId, r]) => ({ playerId, rates: r }));
  return { params, state, players };
}

/** Equal keys, equal models: computing it costs microseconds, building a model milliseconds. */
export function pricingKey(inputs: PricingInputs): string {
  return JSON.stringify([inputs.params, inputs.state, inputs.players]);
}
