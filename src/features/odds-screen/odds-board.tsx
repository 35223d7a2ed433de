// The odds board of one fixture as a virtualized ARIA grid: a row per heading, market title,
// outcome and margin; a column per bookmaker, then the fair price and the arbitrage stake. Only
// rows in view are mounted, so a price change off screen renders nothing; on screen it renders
// its cell and its market's derived values (see ./market-store.ts).
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useLiveBook } from '../../book/use-book.ts';
import { gridCellProps, useGridKeyboard, type GridCell } from '../../components/use-grid-keyboard.ts';
import type { DevigMethod } from '../../domain/devig.ts';
import type { BoardLayout, ValuesOptions } from '../../domain/odds-board.ts';
import type { OddsFormat } from '../../domain/odds-format.ts';
import { BookmakerHeader } from './bookmaker-header.tsx';
import { boardItems, ITEM_HEIGHT, marketTypeLabel, periodLabel, type BoardItem } from './board-rows.ts';
import { MarginRow } from './margin-row.tsx';
import { MarketStores } from './market-store.ts';
import { MarketTitleRow } from './market-title-row.tsx';
import { OutcomeRow } from './outcome-row.tsx';
import { useColumnHealth } from './use-column-health.ts';
import './odds-screen.css';

/** The parlay slip as the board uses it (the signature of `useSlip()` in src/features/slip). */
export interface SlipApi {
  readonly legs: readonly string[];
  has(oddsId: string): boolean;
  toggle(oddsId: string): void;
  clear(): void;
}

export interface OddsBoardProps {
  readonly layout: BoardLayout;
  /** Whether the fixture is in play (which freshness bound applies to the bookmakers). */
  readonly live: boolean;
  readonly nameOf: (bookmaker: string) => string;
  readonly playerNameOf: (playerId: number) => string;
  readonly method: DevigMethod;
  readonly showRanges: boolean;
  readonly format: OddsFormat;
  readonly slip: SlipApi;
}

const HEADER_HEIGHT = 40;
/** What the first render lays out before the scroll box is measured (and what jsdom keeps). */
const INITIAL_RECT = { width: 1200, height: 640 };

function selectedColumnsOf(oddsIds: readonly string[], legs: ReadonlySet<string>): string {
  if (legs.size === 0) return '';
  const out: number[] = [];
  oddsIds.forEach((oddsId, column) => {
    if (legs.has(oddsId)) out.push(column);
  });
  return out.join(',');
}

export function OddsBoard({ layout, live, nameOf, playerNameOf, method, showRanges, format, slip }: OddsBoardProps) {
  const book = useLiveBook();
  const { columns, fixtureId } = layout;
  const health = useColumnHealth(fixtureId, columns, live);
  const stores = useMemo(() => {
    const options: ValuesOptions = { method, bookStatus: health.byBookmaker, range: true };
    return new MarketStores(book, layout, options);
  }, [book, layout, method, health]);
  useEffect(() => stores.attach(), [stores]);

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const items = useMemo(() => boardItems(layout, expanded), [layout, expanded]);
  const toggleFamily = useCallback((familyKey: string) => {
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(familyKey)) next.add(familyKey);
      return next;
    });
  }, []);

  // A stable handler for every cell: the slip object changes with its legs, the cells need not.
  const slipRef = useRef(slip);
  useEffect(() => {
    slipRef.current = slip;
  }, [slip]);
  const onToggle = useCallback((oddsId: string) => {
    slipRef.current.toggle(oddsId);
  }, []);
  const legs = useMemo(() => new Set(slip.legs), [slip.legs]);

  const scrollRef = useRef<HTMLDivElement | null>(null);
  // TanStack Virtual keeps its state outside React; its measurements are read during render by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => ITEM_HEIGHT[items[index]?.kind ?? 'outcome'],
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: 8,
    scrollMargin: HEADER_HEIGHT,
    initialRect: INITIAL_RECT,
    // A box that is not laid out (0 high: jsdom, a hidden tab) keeps the initial size, so the
    // first rows still render.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => {
        callback(rect.height === 0 ? INITIAL_RECT : rect);
      }),
  });

  const colCount = useCallback(
    (row: number) => {
      const kind = items[row]?.kind;
      return kind === 'outcome' || kind === 'margin' ? columns.length : 1;
    },
    [items, columns.length],
  );
  const scrollToRow = useCallback(
    (row: number) => {
      virtualizer.scrollToIndex(row, { align: 'auto' });
    },
    [virtualizer],
  );
  const onActivate = useCallback(
    (cell: GridCell) => {
      const item = items[cell.row];
      if (item?.kind === 'alternates') toggleFamily(item.familyKey);
      if (item?.kind !== 'outcome') return;
      const oddsId = item.market.rows[item.rowIndex]?.oddsIds[cell.col];
      if (oddsId !== undefined && book.getOdds(oddsId) !== undefined) onToggle(oddsId);
    },
    [items, toggleFamily, book, onToggle],
  );
  const { active, gridProps } = useGridKeyboard({ rowCount: items.length, colCount, pageRows: 15, scrollToRow, onActivate });

  const style = {
    // Fixed widths: every row is its own grid (rows are positioned one by one), so only fixed
    // tracks keep the columns aligned.
    '--board-columns': `12rem repeat(${String(columns.length)}, 6rem) 8rem 11rem`,
  } as CSSProperties;

  const renderItem = (item: BoardItem, index: number, top: number, height: number) => {
    const activeCol = active.row === index ? active.col : null;
    const rowStyle = { transform: `translateY(${String(top)}px)`, height };
    switch (item.kind) {
      case 'type':
      case 'period':
      case 'player': {
        const text =
          item.kind === 'type'
            ? marketTypeLabel(item.marketType)
            : item.kind === 'period'
              ? periodLabel(item.period)
              : `Player: ${playerNameOf(item.playerId)}`;
        return (
          <div role="row" key={item.key} aria-rowindex={index + 2} className={`board-row board-heading board-${item.kind}`} style={rowStyle}>
            <div role="gridcell" aria-colspan={columns.length + 3} {...gridCellProps(index, 0, activeCol)}>
              {item.kind === 'type' ? <strong>{text}</strong> : text}
            </div>
          </div>
        );
      }
      case 'alternates':
        return (
          <div role="row" key={item.key} aria-rowindex={index + 2} className="board-row board-alternates" style={rowStyle}>
            <div role="gridcell" aria-colspan={columns.length + 3}>
              <button
                type="button"
                aria-expanded={item.expanded}
                onClick={() => {
                  toggleFamily(item.familyKey);
                }}
                {...gridCellProps(index, 0, activeCol)}
              >
                {item.expanded ? 'Hide' : 'Show'} {item.count} alternate {item.count === 1 ? 'line' : 'lines'}
              </button>
            </div>
          </div>
        );
      case 'market':
        return (
          <MarketTitleRow
            key={item.key}
            market={item.market}
            store={stores.get(item.market.key)}
            gridRow={index}
            tabStop={activeCol === 0}
            columnCount={columns.length}
            top={top}
            height={height}
          />
        );
      case 'outcome':
        return (
          <OutcomeRow
            key={item.key}
            market={item.market}
            rowIndex={item.rowIndex}
            store={stores.get(item.market.key)}
            gridRow={index}
            activeCol={activeCol}
            selectedColumns={selectedColumnsOf(item.market.rows[item.rowIndex]?.oddsIds ?? [], legs)}
            columns={columns}
            nameOf={nameOf}
            format={format}
            method={method}
            showRange={showRanges}
            onToggle={onToggle}
            top={top}
            height={height}
          />
        );
      case 'margin':
        return (
          <MarginRow
            key={item.key}
            store={stores.get(item.market.key)}
            columnCount={columns.length}
            gridRow={index}
            activeCol={activeCol}
            top={top}
            height={height}
          />
        );
      default: {
        const unknown: never = item;
        return unknown;
      }
    }
  };

  return (
    <div
      role="grid"
      aria-label="Odds by bookmaker"
      aria-rowcount={items.length + 1}
      aria-colcount={columns.length + 3}
      className="odds-board"
      style={style}
      {...gridProps}
    >
      <div ref={scrollRef} className="odds-board-scroll">
        <div role="rowgroup" className="odds-board-head">
          <div role="row" aria-rowindex={1} className="board-row board-head-row" style={{ height: HEADER_HEIGHT }}>
            <div role="columnheader">Outcome</div>
            {columns.map((bookmaker) => (
              <BookmakerHeader key={bookmaker} bookmaker={bookmaker} name={nameOf(bookmaker)} health={health.byBookmaker.get(bookmaker)} />
            ))}
            <div role="columnheader" title={`No-vig fair price, de-vigged by ${method}`}>
              Fair ({method})
            </div>
            <div role="columnheader">Arbitrage stake</div>
          </div>
        </div>
        <div role="rowgroup" className="odds-board-body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtual) => {
            const item = items[virtual.index];
            if (item === undefined) return null;
            return renderItem(item, virtual.index, virtual.start - HEADER_HEIGHT, virtual.size);
          })}
        </div>
      </div>
    </div>
  );
}
