/// <reference types="mocha" />
import { expect } from '@open-wc/testing';
import {
  decimalOdds,
  formatOdds,
  fractionalOdds,
  impliedProbability,
  noVigProbabilities,
} from '../../../src/widgets/runtime/odds-format.js';

describe('odds formats', () => {
  it('shows American odds with their sign', () => {
    expect(formatOdds(150, 'american', 'en-US')).to.equal('+150');
    expect(formatOdds(-110, 'american', 'en-US')).to.equal('-110');
    expect(formatOdds(4685, 'american', 'en-US')).to.equal('+4685', 'books print long odds without grouping');
  });

  it('converts to decimal odds, in the reader’s locale', () => {
    expect(decimalOdds(150)).to.equal(2.5);
    expect(decimalOdds(-200)).to.equal(1.5);
    expect(formatOdds(150, 'decimal', 'en-US')).to.equal('2.50');
    expect(formatOdds(150, 'decimal', 'de-DE')).to.equal('2,50');
    expect(formatOdds(-110, 'decimal', 'en-GB')).to.equal('1.91');
  });

  it('converts to reduced fractions', () => {
    expect(fractionalOdds(150)).to.equal('3/2');
    expect(fractionalOdds(-110)).to.equal('10/11');
    expect(fractionalOdds(-200)).to.equal('1/2');
    expect(fractionalOdds(100)).to.equal('1/1');
    expect(formatOdds(250, 'fractional')).to.equal('5/2');
  });

  it('shows the implied chance as a percentage', () => {
    expect(impliedProbability(-150)).to.be.closeTo(0.6, 1e-9);
    expect(formatOdds(-150, 'implied', 'en-US')).to.equal('60%');
    expect(formatOdds(-110, 'implied', 'en-US')).to.equal('52.4%');
    expect(formatOdds(-110, 'implied', 'fr-FR')).to.match(/^52,4\s?%$/);
  });

  it('removes the margin from a two-way market', () => {
    const [home, away] = noVigProbabilities(-110, -110);
    expect(home).to.be.closeTo(0.5, 1e-9);
    expect(away).to.be.closeTo(0.5, 1e-9);
    const [favourite, underdog] = noVigProbabilities(-200, 170);
    expect(favourite + underdog).to.be.closeTo(1, 1e-9);
    expect(favourite).to.be.closeTo(0.6667 / (0.6667 + 0.3704), 1e-3);
  });
});
