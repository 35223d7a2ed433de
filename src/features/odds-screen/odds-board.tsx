// The odds board of one fixture as a virtualized ARIA grid: a row per heading, market title,
// outcome and margin. Pinned on the left (sticky while the books scroll sideways): the outcome,
// best price, fair price, EV and arbitrage stake; then a column per shown bookmaker. Only rows in
// view are mounted, so a price change off screen renders nothing; on screen it renders its cell
// and its market's derived values (see ./market-store.ts). On a narrow screen each outcome is a
// card instead of a row (mode 'cards'), still virtualized.
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useLiveBook } from '../../book/use-book.ts';
import { gridCellProps, useGridKeyboard, type GridCell } from '../../components/use-grid-keyboard.ts';
import type { DevigMethod } from '../../domain/devig.ts';
import type { CommissionRates } from '../../domain/commission.ts';
import { cellOf, type BoardLayout, type ValuesOptions } from '../../domain/odds-board.ts';
import type { OddsFormat } from '../../domain/odds-format.ts';
import { useFairLine } from '../../settings/use-fair-line.ts';
import { BookmakerHeader } from './bookmaker-header.tsx';
import { boardItems, itemHeight, type BoardItem, type BoardMode } from './board-rows.ts';
import { PriceMemory } from './price-memory.ts';
import { PricePeek, type PeekTarget } from './price-peek.tsx';
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
  /** The live slip a click (or Enter) on a price adds to; none: prices show no slip state. */
  readonly slip?: SlipApi;
  /**
   * What a click (or Enter) on a price does instead of toggling it on the slip: the board at a
   * past moment offers the ticket check there (a past price never goes to the live slip).
   */
  readonly onPick?: (oddsId: string) => void;
  /** Whether a moved price flashes (default true); the board at a past moment moves without. */
  readonly flash?: boolean;
  /** The layout columns shown, in display order; default all, in the layout's order. */
  readonly visible?: readonly number[];
  /** Books left out of best price, arbitrage and EV (the hidden ones). */
  readonly hiddenBooks?: ReadonlySet<string>;
  readonly commission?: CommissionRates;
  readonly mode?: BoardMode;
  /** The freshness bound the peek states for a book ("60 s pre-game"), or null when it has none. */
  readonly boundOf?: (bookmaker: string) => string | null;
  /** Whether hovering or focusing a price opens its peek (it asks REST: needs the app's providers). */
  readonly peek?: boolean;
  /** A price to show first (`?cell=` from the opportunities page): scrolled to, its family opened, focused. */
  readonly focusOddsId?: string | null;
}

const HEADER_HEIGHT = 44;
const NO_BOUND = (): null => null;
const METHOD_SHORT: Readonly<Record<DevigMethod, string>> = {
  multiplicative: 'mult.',
  additive: 'additive',
  power: 'power',
  shin: 'Shin',
  'worst-case': 'worst case',
};
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

export function OddsBoard(props: OddsBoardProps) {
  const { layout, live, nameOf, playerNameOf, method, showRanges, format, slip, onPick, flash = true, hiddenBooks, commission, mode = 'comfortable', boundOf = NO_BOUND, peek: peekOn = false, focusOddsId = null } = props;
  const book = useLiveBook();
  const { columns, fixtureId } = layout;
  const allColumns = useMemo(() => columns.map((_, i) => i), [columns]);
  const visible = props.visible ?? allColumns;
  const health = useColumnHealth(fixtureId, columns, live);
  const fairLine = useFairLine();
  const stores = useMemo(() => {
    const options: ValuesOptions = { method, fairLine, bookStatus: health.byBookmaker, range: true, ...(commission === undefined ? {} : { commission }), ...(hiddenBooks === undefined ? {} : { hiddenBooks }) };
    return new MarketStores(book, layout, options);
  }, [book, layout, method, fairLine, health, commission, hiddenBooks]);
  const [memory] = useState(() => new PriceMemory());
  const [peek, setPeek] = useState<PeekTarget | null>(null);
  useEffect(() => stores.attach(), [stores]);

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const items = useMemo(() => boardItems(layout, expanded), [layout, expanded]);
  const bookCount = visible.length;
  const toggleFamily = useCallback((familyKey: string) => {
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(familyKey)) next.add(familyKey);
      return next;
    });
  }, []);

  // A stable handler for every cell: the slip object changes with its legs, the cells need not.
  const pickRef = useRef({ onPick, slip });
  useEffect(() => {
    pickRef.current = { onPick, slip };
  }, [onPick, slip]);
  const onToggle = useCallback((oddsId: string) => {
    const { onPick: pick, slip: current } = pickRef.current;
    if (pick !== undefined) pick(oddsId);
    else current?.toggle(oddsId);
  }, []);
  const slipLegs = slip?.legs;
  const legs = useMemo(() => new Set(slipLegs), [slipLegs]);

  const scrollRef = useRef<HTMLDivElement | null>(null);
  // TanStack Virtual keeps its state outside React; its measurements are read during render by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => itemHeight(items[index]?.kind ?? 'outcome', mode, bookCount),
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
      return kind === 'outcome' || kind === 'margin' ? Math.max(1, visible.length) : 1;
    },
    [items, visible.length],
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
      const oddsId = item.market.rows[item.rowIndex]?.oddsIds[visible[cell.col] ?? -1];
      if (oddsId !== undefined && book.getOdds(oddsId) !== undefined) onToggle(oddsId);
    },
    [items, toggleFamily, book, onToggle, visible],
  );
  const { active, gridProps } = useGridKeyboard({ rowCount: items.length, colCount, pageRows: 15, scrollToRow, onActivate });

  // A linked price: open its family if it is an alternate line, scroll its row into the middle,
  // then focus it once it is rendered. Once per oddsId, so the trader's own scrolling is left alone.
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (focusOddsId === null || focused.current === focusOddsId) return;
    const ref = cellOf(layout, focusOddsId);
    if (ref === undefined) return;
    const index = items.findIndex((item) => item.kind === 'outcome' && item.market.key === ref.marketKey && item.rowIndex === ref.rowIndex);
    if (index < 0) {
      const family = layout.groups.flatMap((g) => g.periods.flatMap((p) => p.families)).find((f) => f.alternates.some((m) => m.key === ref.marketKey));
      if (family !== undefined) {
        setExpanded((open) => new Set(open).add(family.key));
      }
      return;
    }
    focused.current = focusOddsId;
    virtualizer.scrollToIndex(index, { align: 'center' });
    let tries = 0;
    const focusCell = (): void => {
      const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-odds-id="${CSS.escape(focusOddsId)}"]`);
      if (cell !== null && cell !== undefined) {
        cell.focus({ preventScroll: false });
        cell.classList.add('is-linked');
      } else if ((tries += 1) < 20) setTimeout(focusCell, 50);
    };
    setTimeout(focusCell, 50);
  }, [focusOddsId, layout, items, virtualizer]);

  // The virtualizer caches sizes by key: a new mode or book count changes every row's height.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, mode, bookCount]);

  const style = {
    // Fixed widths: every row is its own grid (rows are positioned one by one), so only fixed
    // tracks keep the columns aligned. The pinned tracks' widths are in ./odds-screen.css.
    '--book-count': String(bookCount),
  } as CSSProperties;
  const colSpan = visible.length + 5;

  // One peek for the board, on the price hovered or focused: no per-cell popover or timer.
  const peekAt = useCallback((target: EventTarget | null) => {
    const button = peekOn && target instanceof Element ? target.closest<HTMLElement>('[data-odds-id]') : null;
    if (button === null) return;
    const oddsId = button.dataset.oddsId ?? '';
    const rect = button.getBoundingClientRect();
    setPeek((current) => (current?.oddsId === oddsId ? current : { oddsId, top: rect.top, bottom: rect.bottom, left: rect.left }));
  }, [peekOn]);
  const closePeek = useCallback(() => {
    setPeek(null);
  }, []);

  const renderItem = (item: BoardItem, index: number, top: number, height: number) => {
    const activeCol = active.row === index ? active.col : null;
    const rowStyle = { transform: `translateY(${String(top)}px)`, height };
    switch (item.kind) {
      case 'type':
      case 'period':
      case 'player': {
        const text = item.kind === 'type' || item.kind === 'period' ? item.title : `Player: ${playerNameOf(item.playerId)}`;
        return (
          <div role="row" key={item.key} aria-rowindex={index + 2} className={`board-row board-heading board-${item.kind}`} style={rowStyle}>
            <div role="gridcell" aria-colspan={colSpan} {...gridCellProps(index, 0, activeCol)}>
              <span className="pinned-title">{item.kind === 'type' ? <strong>{text}</strong> : text}</span>
            </div>
          </div>
        );
      }
      case 'alternates':
        return (
          <div role="row" key={item.key} aria-rowindex={index + 2} className="board-row board-alternates" style={rowStyle}>
            <div role="gridcell" aria-colspan={colSpan}>
              <button
                className="pinned-title"
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
            columnCount={colSpan}
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
            visible={visible}
            memory={memory}
            nameOf={nameOf}
            format={format}
            method={method}
            showRange={showRanges}
            flash={flash}
            onToggle={onToggle}
            top={top}
            height={height}
          />
        );
      case 'margin':
        if (height === 0) return null;
        return (
          <MarginRow
            key={item.key}
            store={stores.get(item.market.key)}
            visible={visible}
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
    // The peek sits beside the grid, not in it (a grid holds rows only), inside one box that
    // keeps it open while the pointer or focus moves from a price into it: its "Track this bet"
    // is the next tab stop after the price, and a tap on a phone reaches it.
    <div
      className="odds-board-frame"
      onFocus={(event) => {
        peekAt(event.target);
      }}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Element && event.relatedTarget.closest('.price-peek') !== null)) closePeek();
      }}
      onPointerOver={(event) => {
        peekAt(event.target);
      }}
      onPointerLeave={(event) => {
        // A touch leaves as the finger lifts, before its tap lands: the peek stays until focus goes.
        if (event.pointerType !== 'touch') closePeek();
      }}
    >
      <div
        role="grid"
        aria-label="Odds by bookmaker"
        aria-rowcount={items.length + 1}
        aria-colcount={colSpan}
        className={`odds-board board-${mode}`}
        style={style}
        {...gridProps}
      >
        <div ref={scrollRef} className="odds-board-scroll" onScroll={peek === null ? undefined : closePeek}>
          <div role="rowgroup" className="odds-board-head">
            <div role="row" aria-rowindex={1} className="board-row board-head-row" style={{ height: HEADER_HEIGHT }}>
              <div role="columnheader" className="pin pin-outcome">
                Outcome
              </div>
              <div role="columnheader" className="pin pin-best" title="Best price among the shown books, compared net of exchange commission; the price shown is gross">
                Best <span className="head-note">net</span>
              </div>
              <div role="columnheader" className="pin pin-fair" title={`No-vig fair price, de-vigged by ${method}`}>
                Fair <span className="head-note">{METHOD_SHORT[method]}</span>
              </div>
              <div role="columnheader" className="pin pin-ev" title="Expected value of the best net price against the fair price">
                EV
              </div>
              <div role="columnheader" className="pin pin-stake" title="Share of the total stake per outcome when the best net prices leave an arbitrage">
                Arb <span className="head-note">stake</span>
              </div>
              {visible.map((column) => {
                const bookmaker = columns[column] ?? '';
                return <BookmakerHeader key={bookmaker} bookmaker={bookmaker} name={nameOf(bookmaker)} health={health.byBookmaker.get(bookmaker)} />;
              })}
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
      {peek !== null && (
        <PricePeek target={peek} fixtureId={fixtureId} live={live} memory={memory} nameOf={nameOf} boundOf={boundOf} format={format} commission={commission} />
      )}
    </div>
  );
}
