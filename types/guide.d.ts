/*
 * The front end's one namespace, window.llmGuide, typed in one place: every member, which file writes it, and its
 * shape. `tsc --noEmit` (tsconfig.json, run by scripts/test) checks every own script under docs/assets against it,
 * so a member read that no file writes, or a record built without a field, fails before a browser runs.
 *
 * The pure cores export themselves for Node (`module.exports`), so their types are read from their own source
 * (`typeof import(...)`, with the JSDoc on their functions); the browser-only members are declared here.
 * Every member is optional because scripts fill the namespace one at a time, in load order.
 */

/* ---------- records that cross features (base/store.js) ---------- */

/** An answer to one question: built by storeCore.attempt, whoever records it (lesson page, exam, Review). */
interface Attempt {
  selected: number[];
  correct: boolean | null;
  at: number;
  confidence: "sure" | "unsure" | "guessed" | null;
  source: string;
  topic: string | null;
  lesson: string | null;
}

/** One question's record in storage: llm-ft-guide:v2:q:<id>. */
interface QuestionRecord {
  draft: number[];
  first: Attempt | null;
  last: Attempt | null;
  again?: true;
  extra?: { [feature: string]: any };
}

/** Where a question sits, all an attempt needs of it: a bank row or a lesson page's question. */
interface QuestionPlace {
  topic: string;
  lesson: string | null;
}

/* ---------- the bank in the browser (base/bank.js) ---------- */

interface BankOption {
  text: string;
  explanation: string;
}

interface BankReference {
  title: string;
  url: string;
}

/** A question as the compact index gives it, and its content (title, stem, options, references) once loaded. */
interface BankRow extends QuestionPlace {
  id: string;
  lesson: string;
  domain: string;
  select: number;
  key: number[];
  n: number;
  objectives: string[];
  title?: string;
  stem?: string;
  options?: BankOption[];
  references?: BankReference[];
}

interface BankTopic {
  id: string;
  title: string;
  lessons?: { id: string; title: string }[];
}

interface Bank {
  version: string;
  topics: BankTopic[];
  domains: { id: string; title: string; weight: number }[];
  objectives: { id: string; domain: string; title: string }[];
  order: string[];
  questions: { [id: string]: BankRow };
  load(ids: string[], done?: (missing: string[]) => void): void;
  loaded(id: string): boolean;
  arrive(content: object): void;
}

/* ---------- the practice exam (exam/) ---------- */

/** An exam in progress or finished: exam:current, exam:last (examCore.createSession). */
interface ExamSession {
  v: number;
  ids: string[];
  seed: number | null;
  query: string;
  timed: boolean;
  limitMs: number;
  startedAt: number;
  elapsedMs: number;
  runningSince: number | null;
  current: number;
  answers: { [id: string]: number[] };
  flags: { [id: string]: true };
  confidence: { [id: string]: string };
  submittedAt: number | null;
  expired: boolean;
}

/** What a set-up or a link asks for: examCore.plan's result, which examCore.createSession takes. */
interface ExamPlan {
  ids: string[];
  seed: number | null;
  timed: boolean;
  query?: string;
}

/** The exam the set-up drew ahead of Start (exam-setup.js), kept on its form, where the browser tests read it. */
interface PreparedExam {
  key: string;
  plan: ExamPlan;
  built: { plan: ExamPlan; view: HTMLElement } | null;
}

interface ExamSetupForm extends HTMLFormElement {
  __prepared?: PreparedExam | null;
}

/** The exam component's state, written by exam.js alone. */
interface ExamState {
  root: HTMLElement;
  view: "" | "setup" | "choice" | "run" | "results" | "elsewhere";
  session: ExamSession | null;
  link: any;
  timer: (() => void) | null;
  ticks: number;
  lastTickAt: number;
  lastRemaining: number | null;
  pending: ExamSession | null;
  shown: ExamSession | null;
  saved: ExamSession | null;
  /** exam:current as this tab last wrote or read it (JSON): it saves only over that */
  written: string | null;
  /** why another tab has the exam now ("moved", "submitted", "ended", "replaced"), or "" while this tab does */
  lost: string;
  /** When the page went out of sight with an exam running (0 when on screen): the clock rule's stop. */
  awayAt: number;
}

interface ExamActions {
  start(plan: ExamPlan, built?: { plan: ExamPlan; view: HTMLElement } | null): void;
  submit(timeUp: boolean): void;
  abandon(): void;
  setup(link: any): void;
  results(session: ExamSession, timeUp: boolean): void;
  goTo(index: number): void;
  pause(): void;
  update(session: ExamSession): void;
  prebuild(plan: ExamPlan): { plan: ExamPlan; view: HTMLElement } | null;
  notice(text: string, kind?: string): void;
  announce(text: string): void;
  focus(selector: string): void;
}

/** What exam.js hands every view: the views use nothing else. */
interface ExamContext {
  state: ExamState;
  bank: Bank;
  core: ExamCore;
  answerCore: AnswerCore;
  storeCore: StoreCore;
  store: Store;
  browser: GuideBrowser;
  dom: Dom;
  questionView: QuestionView;
  confirm: Confirm;
  actions: ExamActions;
}

interface ExamViews {
  setup?: {
    build(ctx: ExamContext, into: HTMLElement, link: any): void;
    onChange(ctx: ExamContext, event: Event): void;
    onInput(ctx: ExamContext, event: Event): void;
    onSubmit(ctx: ExamContext, event: Event): void;
    onClick(ctx: ExamContext, event: Event): void;
  };
  run?: {
    build(ctx: ExamContext, session: ExamSession, into: HTMLElement): void;
    render(ctx: ExamContext, part?: "pause"): void;
    toTop(ctx: ExamContext): void;
    tick(ctx: ExamContext, now: number, before: number | null): void;
    onClick(ctx: ExamContext, event: Event): void;
    onChange(ctx: ExamContext, event: Event): void;
  };
  result?: {
    build(ctx: ExamContext, into: HTMLElement, session: ExamSession, timeUp: boolean, missing: string[]): void;
    history(ctx: ExamContext): HTMLElement;
    onClick(ctx: ExamContext, event: Event): void;
    onChange(ctx: ExamContext, event: Event): void;
  };
}

/* ---------- a lesson page's quiz (quiz/) ---------- */

/** One question of a lesson page, as quiz.js reads it from the markup (describe). */
interface QuizQuestion extends QuestionPlace {
  id: string;
  article: HTMLElement;
  heading: HTMLElement | null;
  after: HTMLElement | null;
  rows: HTMLElement[];
  inputs: HTMLInputElement[];
  key: number[];
  select: number;
  form: HTMLFormElement;
  result: HTMLElement;
  title: string;
  check: HTMLElement | null;
  /** The action row's Next question (Your results on the last question), in Check's place once checked. */
  next: HTMLElement | null;
  retry: HTMLElement | null;
  details: HTMLDetailsElement[];
}

/** A lesson's question list's state, kept by quiz.js. */
interface QuizPage {
  questions: QuizQuestion[];
  undo: { [id: string]: QuestionRecord } | null;
  last: QuizQuestion | null;
  /** The page after this lesson in the navigation, offered at the end of the summary. */
  nextLesson: { href: string; title: string } | null;
}

/** What quiz.js hands its score bar view (quiz/scorebar.js). */
interface QuizScorebarContext {
  store: Store;
  progress: ProgressCore;
  confirm: Confirm;
  page(root: Element): QuizPage;
  show(q: QuizQuestion, state: { selected: number[]; checked: boolean }, how: "check" | "restore" | "clear"): any;
  stateOf(q: QuizQuestion): { selected: number[]; checked: boolean };
  questionOf(element: Element | null): QuizQuestion | null;
  announce(root: Element, text: string): void;
}

interface QuizScorebar {
  update(ctx: QuizScorebarContext, root: Element): void;
  answered(ctx: QuizScorebarContext, root: Element): void;
  onClick(ctx: QuizScorebarContext, event: Event, root: Element): void;
}

/** quiz/material.js: the one adapter to Material's own markup. */
interface MaterialAdapter {
  nextPage(): { href: string; title: string } | null;
  markTocEntry(hash: string): boolean;
}

/* ---------- the study plan and readiness (plan/) ---------- */

/** readiness-core.js: one estimate of the chance of answering a fresh question right, with its 80% range. */
interface ReadinessEstimate {
  answered: number;
  enough: boolean;
  mean: number;
  low: number;
  high: number;
  variance: number;
  aboveLine?: number;
}

interface Readiness {
  domains: { id: string; title: string; weight: number; estimate: ReadinessEstimate }[];
  objectives: { id: string; domain: string; title: string; estimate: ReadinessEstimate }[];
  overall: ReadinessEstimate & { aboveLine: number };
}

/** plan-core.js: a lesson with its questions, how many are in each domain, and the objectives they train. */
interface PlanLesson {
  topic: string;
  lesson: string;
  title: string;
  topicTitle?: string;
  url?: string;
  ids: string[];
  domains: { [domain: string]: number };
  objectives: string[];
}

interface PlanTodayLesson {
  lesson: PlanLesson;
  done: boolean;
}

interface PlanExam {
  day: number;
  at: number;
  kind: "check" | "full";
  n: number;
}

interface PlanInput {
  now: number;
  examDate: number | null;
  lessons: PlanLesson[];
  recordOf(id: string): QuestionRecord | null;
  readiness: Readiness | null;
  weights?: { [domain: string]: number };
  reviewDue?: number;
}

interface StudyPlan {
  state: "none" | "past" | "today" | "plan";
  daysLeft: number | null;
  perDay: number;
  lessonDays: number;
  tooClose: boolean;
  lessonsLeft: number;
  lessonsTotal: number;
  leftOut: PlanLesson[];
  today: { reviewDue: number; lessons: PlanTodayLesson[]; exam: PlanExam | null };
  exams: PlanExam[];
  byEvidence: boolean;
}

/* ---------- the pure cores: their types are their own source's ---------- */

type AnswerCore = typeof import("../docs/assets/base/answer-core.js");
type StoreCore = typeof import("../docs/assets/base/store.js");
type ExamCore = typeof import("../docs/assets/exam/exam-core.js");
type ProgressCore = typeof import("../docs/assets/progress/progress-core.js");
type ProgressFile = typeof import("../docs/assets/progress/progress-file.js");
type ReviewCore = typeof import("../docs/assets/review/review-core.js");
type CalcCore = typeof import("../docs/assets/calculator/calc-core.js");
type EmbedCore = typeof import("../docs/assets/embed/embed-core.js");
type PlanCore = typeof import("../docs/assets/plan/plan-core.js");
type ReadinessCore = typeof import("../docs/assets/plan/readiness-core.js");

/* ---------- the browser-only members ---------- */

/** base/boot.js; before it runs, the head script (overrides/main.html) queues component() and on() calls. */
interface Boot {
  ready?: boolean;
  PAGE?: string;
  queue?: IArguments[];
  events?: IArguments[];
  component(name: string, selector: string, mount: (element: HTMLElement) => { unmount(): void } | null | void): void;
  refresh?(): void;
  mounted?(name: string): number;
  on(type: string, selector: string | null, handler: (event: any, element: HTMLElement | null) => void): void;
}

/** base/browser.js */
interface GuideBrowser {
  loadScript(url: string, done?: (ok: boolean) => void): void;
  whenIdle(fn: (deadline?: IdleDeadline) => void): void;
  idleEach<T>(items: T[], fn: (item: T) => void, wanted: () => boolean): void;
  hash(): string | null;
  rawHash(): string;
  address(): string;
  offline(): boolean;
  copy(text: string): Promise<boolean>;
  download(name: string, text: string, type: string): void;
  readText(file: Blob, done: (text: string | null) => void): void;
  canShareFiles(): boolean;
  shareFile(name: string, text: string, type: string, title: string): Promise<"shared" | "cancelled" | "failed">;
  query(): string;
  setQuery(search: string): void;
  page(): string;
  replace(url: string): void;
  siteRoot(): string;
  later(ms: number, fn: () => void): number;
  every(ms: number, fn: () => void): () => void;
  afterFrames(n: number, fn: () => void): void;
  sticky: { measure(done?: () => void): void; top?(): number };
  app: {
    status(done: (status: { pages: number; bytes: number; files: number; version: string } | null) => void): void;
    keep(done?: (granted: boolean | null) => void): void;
    kept(done: (kept: boolean | null) => void): void;
  };
}

/** base/store.js, in the browser */
interface Store {
  get(name: string): any;
  set(name: string, value: any): boolean;
  question(id: string): QuestionRecord;
  saveQuestion(id: string, record: QuestionRecord): boolean;
  recordAttempt(id: string, attempt: Attempt): QuestionRecord;
  questionIds(): string[];
  inventory(known?: string[]): { ids: string[]; unreadable: string[]; unreadableDocs: string[]; listed: boolean };
  footprint(): { total: number; questions: number; questionBytes: number; docs: { [name: string]: number } };
  status(): { kept: boolean; failed: boolean; available: boolean; full: boolean };
  onChange(fn: (name: string, info: { external: boolean }) => void): void;
}

/** base/dom.js */
interface Dom {
  h(tag: string, attrs?: { [name: string]: any }, children?: (Node | string | null | undefined | false)[]): HTMLElement;
  sources(refs: BankReference[], className: string): HTMLElement;
  tableWrap(table: HTMLElement): HTMLElement;
}

/** base/question-view.js */
interface QuestionView {
  options(q: BankRow, o: { [option: string]: any }): HTMLElement;
  confidence(o: { [option: string]: any }): HTMLElement;
  explained(q: BankRow, o: { [option: string]: any }): HTMLElement;
}

/** base/confirm.js */
interface Confirm {
  ask(box: Element, o: { [option: string]: any }): void;
  done(box: Element, o: { text: string; undoAttr?: string; onUndo: () => void }): void;
  close(box: Element): void;
}

/** assets/generated/topics.js (macros/topicsdata.py): per topic its page and question counts, per lesson too. */
interface GuideTopic {
  id: string;
  title: string;
  url: string;
  total: number;
  lessons: { id: string; title: string; url: string; total: number }[];
}

interface LlmGuide {
  // base/
  boot?: Boot;
  browser?: GuideBrowser;
  storeCore?: StoreCore;
  store?: Store;
  dom?: Dom;
  answerCore?: AnswerCore;
  confirm?: Confirm;
  questionView?: QuestionView;
  bank?: Bank;
  // generated by the build (macros/bankscript.py, macros/topicsdata.py)
  bankIndex?: any;
  bankTitles?: { [id: string]: string };
  topics?: GuideTopic[];
  topicQuestions?: { [topic: string]: string[][] };
  // features
  examCore?: ExamCore;
  examViews?: ExamViews;
  progressCore?: ProgressCore;
  progressFile?: ProgressFile;
  progress?: { refresh(): void };
  progressPage?: { mount(): void };
  reviewCore?: ReviewCore;
  calcCore?: CalcCore;
  /** embed/embed-core.js: the embed page's link, questions, palette and messages. */
  embedCore?: EmbedCore;
  planCore?: PlanCore;
  readinessCore?: ReadinessCore;
  planView?: { render(): void };
  readinessView?: { render(): void };
  material?: MaterialAdapter;
  quizScorebar?: QuizScorebar;
  /** quiz.js: a lesson's quiz has mounted, so the head script's no-JavaScript fallback is not needed. */
  quizMounted?: boolean;
  /** overrides/partials/page-scripts.html: the page scripts already inserted, by address. */
  pageScripts?: { [href: string]: boolean };
}

interface Window {
  llmGuide: LlmGuide;
  /** Material's document observable (absent under file://, where it completes without emitting). */
  document$?: { subscribe(fn: () => void): void };
  /** The vendored ts-fsrs (assets/vendor/ts-fsrs), on the Review page only. */
  FSRS?: any;
  /** Material's site root, set by its head script. */
  __md_scope?: URL;
}

/* Node's CommonJS, which the pure cores use when `node --test` loads them. */
declare var module: { exports: any } | undefined;
declare function require(id: string): any;
