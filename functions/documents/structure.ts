import { PDFOperatorNames as Ops, type PDFDocument, PDFName, PDFNumber, PDFOperator, type PDFPage, type PDFRef } from 'pdf-lib';

/**
 * The structure of a tagged PDF (ISO 32000-1 section 14.7-14.8), written with pdf-lib's
 * low-level objects: each piece of drawn text sits in a marked-content sequence (BDC with an
 * MCID ... EMC) that a structure element (H1, P, LI, TD...) points to, decoration (page header
 * and footer, rules, bullets, fills) is marked as an artifact, and the catalog gets the
 * StructTreeRoot with its ParentTree and MarkInfo. Screen readers then read headings, lists and
 * tables, and pdfinfo reports "Tagged: yes". Decision 0370.
 */

/** Standard structure types the documents use (ISO 32000-1 section 14.8.4). */
export type StructureType = 'Document' | 'H1' | 'H2' | 'H3' | 'P' | 'Div' | 'L' | 'LI' | 'Lbl' | 'LBody' | 'Table' | 'TR' | 'TH' | 'TD';

interface MarkedContent {
  page: PDFPage;
  mcid: number;
}

export class StructureElement {
  readonly kids: (StructureElement | MarkedContent)[] = [];

  constructor(
    readonly type: StructureType,
    readonly parent: StructureElement | undefined,
    /** A table header cell's scope: it heads its column or its row. */
    readonly scope?: 'Column' | 'Row',
  ) {}

  /** A new element as this one's last child. */
  add(type: StructureType, scope?: 'Column' | 'Row'): StructureElement {
    const child = new StructureElement(type, this, scope);
    this.kids.push(child);
    return child;
  }
}

/** What a drawing function marks its content with. */
export interface Marker {
  /** Draws content belonging to an element (the text of a heading, a cell...). */
  content(element: StructureElement, draw: () => void): void;
  /** Draws decoration a reader skips: rules, fills, bullet dots; `pagination` for running headers and footers. */
  artifact(draw: () => void, pagination?: 'Header' | 'Footer'): void;
}

export class StructureTree implements Marker {
  readonly root = new StructureElement('Document', undefined);
  /** Per page, in page order: the element each MCID belongs to (the MCID is the index). */
  private readonly pages = new Map<PDFPage, StructureElement[]>();
  private current: PDFPage | undefined;

  constructor(private readonly doc: PDFDocument) {}

  /** The page the next content is drawn on. */
  on(page: PDFPage): this {
    if (!this.pages.has(page)) this.pages.set(page, []);
    this.current = page;
    return this;
  }

  private page(): { page: PDFPage; owners: StructureElement[] } {
    const page = this.current;
    const owners = page && this.pages.get(page);
    if (!page || !owners) throw new Error('StructureTree: no page to draw on');
    return { page, owners };
  }

  content(element: StructureElement, draw: () => void): void {
    const { page, owners } = this.page();
    const mcid = owners.length;
    owners.push(element);
    element.kids.push({ page, mcid });
    // The property list inline, as the content stream writes it (pdf-lib types operator operands as strings or simple objects).
    page.pushOperators(PDFOperator.of(Ops.BeginMarkedContentSequence, [PDFName.of(element.type), `<</MCID ${mcid}>>`]));
    draw();
    page.pushOperators(PDFOperator.of(Ops.EndMarkedContent));
  }

  artifact(draw: () => void, pagination?: 'Header' | 'Footer'): void {
    const { page } = this.page();
    if (pagination) {
      page.pushOperators(PDFOperator.of(Ops.BeginMarkedContentSequence, [PDFName.of('Artifact'), `<</Type /Pagination /Subtype /${pagination}>>`]));
    } else page.pushOperators(PDFOperator.of(Ops.BeginMarkedContent, [PDFName.of('Artifact')]));
    draw();
    page.pushOperators(PDFOperator.of(Ops.EndMarkedContent));
  }

  /**
   * Writes the structure tree into the document: every element as an indirect object, each
   * page's /StructParents and the ParentTree that maps its MCIDs back to their elements, and
   * the catalog's /StructTreeRoot and /MarkInfo. Elements with no content (a table's empty
   * cell keeps its place; an empty paragraph does not) are left out.
   */
  write(): void {
    const { context, catalog } = this.doc;
    const prune = (e: StructureElement): boolean => {
      for (let i = e.kids.length - 1; i >= 0; i--) {
        const kid = e.kids[i];
        if (kid instanceof StructureElement && !prune(kid)) e.kids.splice(i, 1);
      }
      return e.kids.length > 0 || e.type === 'TD' || e.type === 'TH';
    };
    prune(this.root);

    const rootRef = context.nextRef();
    const refs = new Map<StructureElement, PDFRef>();
    const pageRefs = new Map<PDFPage, PDFRef>([...this.pages.keys()].map((p) => [p, p.ref]));
    const assign = (e: StructureElement, parent: PDFRef) => {
      const ref = context.nextRef();
      refs.set(e, ref);
      for (const kid of e.kids) if (kid instanceof StructureElement) assign(kid, ref);
      const firstPage = e.kids.find((k): k is MarkedContent => !(k instanceof StructureElement))?.page;
      const kids = e.kids.map((kid) =>
        kid instanceof StructureElement
          ? refs.get(kid)!
          : kid.page === firstPage
            ? PDFNumber.of(kid.mcid)
            : context.obj({ Type: 'MCR', Pg: pageRefs.get(kid.page)!, MCID: kid.mcid }),
      );
      context.assign(
        ref,
        context.obj({
          Type: 'StructElem',
          S: e.type,
          P: parent,
          ...(firstPage ? { Pg: pageRefs.get(firstPage)! } : {}),
          ...(e.scope ? { A: { O: 'Table', Scope: e.scope } } : {}),
          K: kids,
        }),
      );
    };
    assign(this.root, rootRef);

    const nums: (PDFNumber | PDFRef | ReturnType<typeof context.obj>)[] = [];
    [...this.pages.entries()].forEach(([page, owners], i) => {
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(i));
      // Readers visit annotations in structure order (none are drawn today; PDF/UA asks for it).
      page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
      nums.push(PDFNumber.of(i), context.obj(owners.map((e) => refs.get(e)!)));
    });
    context.assign(
      rootRef,
      context.obj({
        Type: 'StructTreeRoot',
        K: refs.get(this.root)!,
        ParentTree: context.obj({ Nums: nums }),
        ParentTreeNextKey: this.pages.size,
      }),
    );
    catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  }
}
