// The odds board of one fixture as a virtualized ARIA grid: a row per heading, market title,
// outcome and margin. Pinned on the left (sticky while the books scroll sideways): the outcome,
// best price, fair price, EV and arbitrage stake; then a column per shown bookmaker. Only rows in
// view are mounted, so a price change off screen renders nothing; on screen it renders its cell
// and its market's derived values (see ./market-store.ts). On a narrow screen each outcome is a
// card instead of a row (mode 'cards'), still virtualized.
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useLiveBook } from '../../book/use-book.ts';
import { useGridKeyboard, type GridCell } from '../../components/use-grid-keyboard.ts';
import type { DevigMethod } from '../../domain/devig.ts';
import type { CommissionRates } from '../../domain/commission.ts';
import type { BoardLayout } from '../../domain/odds-board-layout.ts';
import type { ValuesOptions } from '../../domain/odds-board-values.ts';
import type { OddsFormat } from '../../domain/odds-format.ts';
import { useFairLine } from '../../settings/use-fair-line.ts';
import { AlternatesRow } from './alternates-row.tsx';
import { BoardSlipContext } from './board-slip.ts';
import { BoardHeadRow } from './board-head-row.tsx';
import { boardItems, HEADER_HEIGHT, type BoardItem, type BoardMode } from './board-rows.ts';
import { HeadingRow } from './heading-row.tsx';
import { PriceMemory } from './price-memory.ts';
import { PricePeek } from './price-peek.tsx';
import { MarginRow } from './margin-row.tsx';
import { MarketStores } from './market-store.ts';
import { MarketTitleRow } from './market-title-row.tsx';
import { OutcomeRow } from './outcome-row.tsx';
import { useBoardPeek } from './use-board-peek.ts';
import { useBoardVirtualizer } from './use-board-virtualizer.ts';
import { useLinkedCellFocus } from './use-linked-cell-focus.ts';
import { useColumnHealth } from './use-column-health.ts';
import './odds-screen.css';

export interface OddsBoardProps {
  readonly layout: BoardLayout;
  /** Whether the fixture is in play (which freshness bound applies to the bookmakers). */
  readonly live: boolean;
  readonly nameOf: (bookmaker: string) => string;
  readonly playerNameOf: (playerId: number) => string;
  readonly method: DevigMethod;
  readonly showRanges: boolean;
  readonly format: OddsFormat;
  /**
   * What a click (or Enter) on a price does instead of toggling it on the page's slip
   * (BoardSlipContext): the board at a past moment offers the ticket check there (a past price
   * never goes to the live slip).
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

const NO_BOUND = (): null => null;

export function OddsBoard(props: OddsBoardProps) {
  const { layout, live, nameOf, playerNameOf, method, showRanges, format, onPick, flash = true, hiddenBooks, commission, mode = 'comfortable', boundOf = NO_BOUND, peek: peekOn = false, focusOddsId = null } = props;
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
  const { peek, closePeek, frameProps } = useBoardPeek(peekOn);
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

  // A stable handler for every cell, whatever the page passes as onPick.
  const slip = useContext(BoardSlipContext);
  const pickRef = useRef({ onPick, slip });
  useEffect(() => {
    pickRef.current = { onPick, slip };
  }, [onPick, slip]);
  const onToggle = useCallback((oddsId: string) => {
    const { onPick: pick, slip: current } = pickRef.current;
    if (pick !== undefined) pick(oddsId);
    else current?.toggle(oddsId);
  }, []);

  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useBoardVirtualizer(items, mode, bookCount, scrollRef);

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

  useLinkedCellFocus(focusOddsId, layout, items, virtualizer, scrollRef, setExpanded);

  const style = {
    // Fixed widths: every row is its own grid (rows are positioned one by one), so only fixed
    // tracks keep the columns aligned. The pinned tracks' widths are in ./odds-screen.css.
    '--book-count': String(bookCount),
  } as CSSProperties;
  const colSpan = visible.length + 5;

  const renderItem = (item: BoardItem, index: number, top: number, height: number) => {
    const activeCol = active.row === index ? active.col : null;
    const place = { gridRow: index, activeCol, columnCount: colSpan, top, height };
    switch (item.kind) {
      case 'type':
      case 'period':
        return <HeadingRow key={item.key} kind={item.kind} text={item.title} {...place} />;
      case 'player':
        return <HeadingRow key={item.key} kind="player" text={`Player: ${playerNameOf(item.playerId)}`} {...place} />;
      case 'alternates':
        return <AlternatesRow key={item.key} familyKey={item.familyKey} count={item.count} expanded={item.expanded} onToggle={toggleFamily} {...place} />;
      case 'market':
        return (
          <MarketTitleRow
            key={item.key}
            fixtureId={layout.fixtureId}
            market={item.market}
            playerName={item.market.playerId === 0 ? null : playerNameOf(item.market.playerId)}
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
    <div className="odds-board-frame" {...frameProps}>
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
          <BoardHeadRow method={method} columns={columns} visible={visible} nameOf={nameOf} health={health.byBookmaker} />
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
