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
//!   since to match it, as it would have had it arrived later, at a bar a little above the
//!   threshold: a second guess ([`Params::rejoin_threshold`], 0.15);
//!   two lone articles form a story only at the higher [`Params::pair_threshold`] (0.2);
//!   an outlet's edited or repeated headline joins its own earlier article
//!   ([`Clusterer::add_article`] with the newsroom) unless another cluster matches it
//!   better (one outlet's section tag, `ישראל בוחרת | משדר מיוחד`, made the election day's
//!   exit polls look like its turnout report); when its earlier article is alone in its
//!   cluster and another cluster takes the edit at the pair threshold, the edit joins that
//!   one and brings the earlier one along (an article's first telling, before its words
//!   named the event: `הבית נחרב`, then `פגיעה ישירה בבית באשקלון`; `join.rs`,
//!   [`Params::earlier_tellings`]); two clusters merge only when their
//!   centroids agree or their cores do (the features most of each cluster's articles hold,
//!   [`merge`]; not cores that agree on a person alone: a leader's words at two events are
//!   two stories), never through one bridging headline; and two clusters of the same hours
//!   (at most [`Params::outlet_merge_hours`] apart) that no outlet shares merge when their
//!   headlines' plain words agree (cosine 0.2, each word weighed by its rarity among the
//!   open clusters' articles, [`outlets`]): two outlets' tellings of one event; and an
//!   outlet's next headline, at most 6 hours after its previous one, joins the previous
//!   one's cluster when the two agree at cosine 0.2 once the outlet's running words are set
//!   aside (the features its consecutive headlines shared as they went to different
//!   clusters in the last day: its section tag, the day's topic; [`succession`],
//!   [`Params::succession_threshold`]): a newsroom's lead rewritten as its story moves on.
//! - Stages of a scheduled event ([`stages`], [`Params::stages`]): a headline about voting
//!   that names one stage of an election day (the polls opening, `נפתחו`; the turnout,
//!   `שיעור ההצבעה` or a percentage; the exit polls, `מדגם`; the count, `ספירת הקולות`)
//!   does not join a cluster, nor do two clusters merge, when both name stages and none in
//!   common, or when the article names a stage and the cluster is about voting but names
//!   none (the race's assessments are not the exit polls told in their words); a stage's
//!   report joins its stage's cluster when one matches, and follows its
//!   outlet's previous headline only into that stage when a cluster of the stage is open. The labelling
//!   rules of the shared data name these as separate stories; the day's words (`קלפי`,
//!   `הצבעה`, `בחירות`) make them one.
//! - A headline's label, its one to four words before a colon (`האסון בפרו:`, `ניצולי פרו:`,
//!   `ליברמן:`; [`features::label_of`]), weighs 1.25 times the rest of the headline
//!   ([`Weights::label`]): editors name a running story there and keep the name over its
//!   later angles, whose other words differ.
//! - A headline's lead ([`clauses`], [`Weights::tail`]): the clauses after its first `;` or
//!   `■` are set aside. Editors lead with the story and append another update there
//!   (`הפסקת האש נכנסה לתוקפה; הרוג מפצמ"ר באשכול` is the ceasefire's headline); read
//!   whole, such a headline bridged the story it leads with to the one it mentions. A
//!   story's sketch for threads over days keeps them.
//! - A person named by a candidate alias of the registry ([`Params::known_people`]): a
//!   surname that is also a word (`לבני`, to my son) or that two people share (`כץ`) is read
//!   as the person when they are in an open story and no other person it may name is (the
//!   evening's `ציפי לבני ויתרה על הרוטציה`, the night's `פצצה פוליטית לבני:`); read when
//!   the article is placed, so the same articles make the same stories however early their
//!   features were read ([`crate::people::PeopleMatcher::find_all_in_tokens`]).
//! - An outlet's kicker ([`kickers`], [`Params::kickers`]): the first two words of a
//!   headline that the outlet opened headlines of two clusters or more with in the last day
//!   (`ישראל בוחרת | …` through an election day) name its section, not the event, and are
//!   set aside from its later headlines' features. Learned from the stream, per outlet.
//! - The day's weather is one story ([`weather`], [`Params::weather`]): a headline naming
//!   snow, rain, the cold or the forecast joins the open clusters whose articles mostly do,
//!   within a cluster's span; a storm alone (`סערה`, also an uproar) or a flood is not the
//!   weather report. The labelled snowstorm weekend was twenty clusters.
//! - An incident's aftermath (a funeral, mourning, the victims' names made public:
//!   [`phases`]) joins the incident it shares
//!   a name or word with, or, sharing none, the day's one large incident (twice
//!   [`Params::aftermath_size`], and no other incident of that size): the policeman's
//!   funeral after a synagogue attack, but not a victim's on a day of two attacks.
//! - The day's one story ([`dominant`], [`Params::dominant_size`]): on a day one event fills
//!   (a cluster of 16 articles or more from three outlets, and no other cluster of those 36
//!   hours with 8), a lone headline holding two features that 40% of its articles hold
//!   joins it (`בני ערובה מתקשרים מהקפה` to the Sydney siege), unless it names a person the
//!   story does not hold: a leader's reaction is a story of its own. A day of two incidents
//!   or of an election's stages shares its words among its stories, and the rule is off.
//! - An outlet's lead run ([`lead_run`], [`Params::run_hours`]): when an outlet's headline
//!   joins a story of 8 articles or more that holds its own headline of at most three hours
//!   before, the outlet's headlines between the two come along if every one of them is in a
//!   cluster of that outlet alone and each such cluster holds a feature half the story's
//!   articles hold: the eulogies one outlet led with between two of its funeral headlines
//!   (`רחלי פרנקל: "אלוקים בחר בכם להיות נערי הפוסטר שלו"`). A lead another newsroom
//!   shares, or a story of the outlet's own that it also led with outside the run, ends
//!   the run.
//! - Places ([`places`], [`Params::places`]): the localities, neighbourhoods and regions of
//!   a gazetteer written for the project (654 places, Hebrew and English names, each with
//!   its position and extent), read in a headline's lead with their prefix letters (`בתל
//!   אביב`, `ובגוש עציון`; not a street named for a town, `דרך חברון`). A headline whose
//!   places are all far from every place an incident's cluster names does not join it when
//!   two and a third of that cluster's articles name a place, nor do two such clusters, one
//!   an incident, merge: two attacks of one kind on one afternoon, in Tel Aviv and in Gush
//!   Etzion, told in the same words. Places near each other (Har Nof and Jerusalem) are
//!   never apart; a country or a wide region is no place of an event; a funeral and the
//!   weather join by their own rules wherever they are.
//! - A speaker's statement ([`speakers`], [`Params::speaker_share`]): a headline that a
//!   person of the registry opens and speaks in (`נתניהו:`, `נתניהו במטה הליכוד:`,
//!   `נתניהו על אחוזי ההצבעה במגזר הערבי:`) joins only a cluster where half the articles or
//!   more name them. By the labelling rules a leader's reaction is a story of its own, and
//!   its words are the event's: the election day's turnout took the prime minister's
//!   reaction to it. Asked when the headline arrives; a later article may still bring a
//!   lone statement along as it rejoins (the guard there too cost the tuning windows).
//! - Another incident ([`another`], [`Params::another_incidents`]): a headline whose lead
//!   tells its incident as another one (`פיגוע אחרי פיגוע`, `עוד פיגוע דקירה`, `another
//!   attack`) does not join a cluster begun over two hours before it that holds no such
//!   headline: the second attack's first report, which names no place of the first.
//! - Articles of one instant ([`simultaneous`], [`Clusterer::add_simultaneous`]; a homepage
//!   snapshot stamps every outlet's headline of a quarter hour alike): those that join an
//!   open cluster are placed first, the highest score first, and only then do the others
//!   open clusters, each placement asking the rest again. The same articles then make the
//!   same stories in whatever order their ties came (a file's lines, a store's insertion
//!   order); placed one by one as given, the held-out windows scored B-cubed F1 0.748 to
//!   0.823 over 17 orders of the same ties.
//! - A stream resumed after more than half a year ([`Params::restart_hours`]: an archive of
//!   another year fed after this one) counts its document frequencies afresh.
//! - Name skeletons only for words rarer than 400 cB ([`Weights::name_cb`]): a common word's
//!   skeleton meets other common words (`נמצאו`, `נמצאה`) more often than a name.
//! - A town of the gazetteer ([`places`]) of at most 5 km ([`features::TOWN_KM`]) is a name
//!   of its own however it is written (`תל אביב`, `ת"א`, `Tel Aviv`; `הר דב`; `טייבה`):
//!   the words of a name of two are words of their own (a hill, spring), an abbreviation is
//!   a concept, and `טייבה`'s skeleton (`tb`) is too short to be a name: such towns were no
//!   feature at all, or two that never met. A city the size of Jerusalem or a region (`עוטף
//!   עזה`, `גוש דן`) holds many of a day's events, and is none.
//! - An acronym and the words it stands for are one word ([`acronyms`]; `רה"מ` and `ראש
//!   הממשלה`, `מו"מ` and `משא ומתן`, `ארה"ב` and `ארצות הברית`), in the features and in an
//!   outlet's plain words, weighing as the words did: outlets write either, and two
//!   headlines of one event met through neither (the development set 0.790 → 0.793, the later
//!   blind windows 0.805 → 0.809; no set's precision fell).
//! - A story running under its name ([`Params::running_name_hours`]): an article naming what
//!   half a cluster's articles name (a rare word's skeleton, a town: `קובאני`, `בפרו`, `הר
//!   דב`; not a person of the registry, who speaks at every event of the day) at most two
//!   hours after the cluster's newest article is not held to the half-day rule. A search in
//!   Peru told every hour or two for a day, a siege's next evening, an ambush's dead named at
//!   night were a story and its later halves; the half-day rule is for a day of one topic
//!   whose events follow each other, and a running story's name is what they do not share
//!   (the development set 0.793 → 0.804, the blind windows 0.805 → 0.819, the fixture 0.894
//!   → 0.905; `docs/clustering-studies.md`, "A running story's name").
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
//! | 2014-07-01..02 | 0.973 | 0.498 | 0.659 | 0.587 |
//! | 2014-08-26..27 | 0.971 | 0.700 | 0.813 | 0.676 |
//! | 2014-10-09..10 | 0.973 | 0.868 | 0.917 | 0.839 |
//! | overall | 0.972 | 0.685 | 0.804 | 0.648 |
//!
//! ```text
//! cargo test -p lashon-news --test clustering_dev -- --nocapture
//! cargo run -p lashon-news --release --example evaluate -- ../shared/data/clustering-dev/articles.jsonl --orders 16
//! ```
//!
//! The same partition in nine orders of the set's simultaneous headlines (asserted there;
//! `--orders N` prints the mean and range over N shuffles of the ties,
//! [`eval::tie_order_spread`]).
//!
//! On the project's other labelled real days (labels in `tests/data/clustering-heldout` and
//! `tests/data/clustering-rss`, joined with text that cannot be shipped by
//! `scripts/clustering-heldout` and `scripts/clustering-rss`, so no CI test reads them), and on
//! the crate's fixture (written with the clusterer: fixture figures, asserted by
//! `tests/clustering_fixture.rs`, not a prediction for real text):
//!
//! | set | B-cubed P | R | F1 |
//! |---|---|---|---|
//! | tuning windows (a Paris terror weekend, an election day; 321 headlines) | 0.951 | 0.701 | 0.807 |
//! | held-out windows (the Har Nof attack, the Sydney siege, a snowstorm weekend; 383) | 0.975 | 0.758 | 0.853 |
//! | RSS items with summaries, 17 Dec 2025 (chosen on; 199) | 0.969 | 0.953 | 0.961 |
//! | RSS items with summaries, 16 Dec 2025 (held out; 134) | 0.975 | 1.000 | 0.987 |
//! | four windows of other days in one stream (Paris, election, snowstorm, 17 Dec; 621) | 0.960 | 0.790 | 0.867 |
//! | blind windows (28 Jan and 8–9 Feb 2015, labelled after the rules but the label's weight, the rejoin bar, the lead and the lead run; 237) | 0.986 | 0.702 | 0.820 |
//! | later blind windows (22–23 Oct and 10–11 Nov 2014, two attacks a day; labelled 29 Nov 2026, first scored P 0.879, F1 0.767; 222) | 0.977 | 0.696 | 0.813 |
//! | fixture (663 articles with summaries, Hebrew and English) | 0.983 | 0.839 | 0.905 |
//!
//! These figures hold in any order of each set's ties (`--orders 16`: the same F1 in all 17
//! orders but the blind windows, 0.819–0.824, the mean shown; the held-out windows ranged
//! 0.796–0.807 before the day's one story). Before an instant's articles were placed
//! together they were one draw of many: over 17 orders the held-out windows scored
//! 0.748–0.823 (mean 0.763; the file's order gave 0.823), the four windows in one stream
//! 0.838–0.853 (mean 0.844 at P 0.925), the tuning windows 0.763–0.780 (mean 0.771).
//!
//! The parameters were chosen on the development set, the tuning windows and the 17 Dec RSS
//! day, precision first; each rule's choice and its effect on every set when it came are in
//! `docs/clustering-studies.md`. The issue's naive baseline (online TF-IDF centroid, prefix
//! letters stripped, 36 hours, cosine ≥ 0.3; [`eval::naive_baseline`], printed by
//! `--example evaluate`) gives P 0.980, R 0.451, F1 0.617 on the development set (asserted by
//! `tests/clustering_dev.rs`) and P 0.934, R 0.590, F1 0.723 on the four windows in one stream.
//!
//! What the four windows in one stream predict for the issue's held-out set (other headlines
//! of such days, labelled by the issue's author): the commit the issue measured (`b727e3a`,
//! whose development figures are the issue's: P 0.938, R 0.542) scores them P 0.738, R 0.704,
//! where the issue reports P 0.739, R 0.607; the naive baseline P 0.934, R 0.590, where the
//! issue reports P 0.954, R 0.521. Precision is predicted to 0.02, recall runs about a tenth
//! high (the author's stories are larger). Today's figures there (P 0.960, R 0.790) so
//! suggest about P 0.95, R 0.69, F1 0.80 on the issue's set, at the edge of both goals (those comparisons were of the file's order of ties). The blind windows hold their precision: an ordinary
//! day of many small stories meets the held-out goal (P 0.983, F1 0.856; with a week of
//! context before it P 0.983, F1 0.857), and the day of the Har Dov ambush keeps P 0.986 but
//! splits the ambush (R 0.606, F1 0.750; 0.594 and 0.741 before an outlet's lead run, 0.544 and
//! 0.701 before towns were names: its clusters of 55 and 12 articles were 47 and 20). What falls
//! short is the recall of a day of one large event split early (the ambush in two clusters of
//! 55 and 12 articles beside the
//! Golan strike's 8: no one story, so the day's one story stays off) and the precision of a day of sub-events told in the same words (the
//! election day's 0.945 alone, 0.937 in the four windows' stream (0.931 and 0.921 before
//! cores agreeing on a person alone stopped merging, 0.905 and 0.914 before a
//! speaker's statement kept to the speaker's clusters); 0.884 before the winner's
//! speech was a stage, 0.841 before outlets'
//! kickers were set aside).
//!
//! The later blind windows, labelled after all of this, showed where precision broke: two
//! attacks of one kind on one afternoon. A soldier stabbed in Tel Aviv at noon and a woman
//! murdered at a Gush Etzion hitchhiking post five hours later were one cluster of 44
//! headlines (`פיגוע`, `דקירה`, `נפצע` in both; the second's first report, `פיגוע אחרי פיגוע:
//! 0 נדקרו בגוש עציון`, matched the first): that day scored P 0.800 (F1 0.713), the other (an
//! anti-tank ambush at the Egyptian border and the Jerusalem light rail ramming) P 0.952 (F1
//! 0.854). With places and another incident, rules written after reading that day, it scores
//! P 0.954, R 0.523, F1 0.676 (with a week of context before it 0.889 → 0.954, F1 0.691 →
//! 0.692): the attacks are apart, and the second's coverage is split (14 headlines naming the
//! bloc, 5 the settlement, 2 the victim's name, single ones; 3 naming no place stay with the
//! first) for no rule joins a bloc to its settlement. No other labelled set moved
//! (`docs/clustering-studies.md`, "Later blind windows", "Places and another incident").
//! Towns as names (`טייבה`; `ת"א` and `תל אביב` one; `אלון שבות`; `גוש עציון` is a bloc
//! of 6 km, and none) then took that day to P 0.953, R 0.644, F1 0.768. Its victims'
//! funerals, sharing no word held twice with either attack's cluster, went to the larger
//! one, the soldier's, though the day had two incidents: the murdered woman's funeral in the
//! soldier's story. Held to a day of one incident, as the rule was documented, the windows
//! score P 0.952 → 0.977, R 0.707 → 0.684, F1 0.811 → 0.805 (with a week of context P 0.944 →
//! 0.968, F1 0.808 → 0.801; after months of the stream 0.944 → 0.968, 0.802 → 0.795): both
//! funerals now stay apart. No other set moved.
//!
//! Fifteen rules were written after reading these sets' errors, so their gains there are not blind
//! figures: an outlet's lead run (the development set's funeral day, 0.780 → 0.790; its hours
//! chosen with every set in view, the blind windows' 0.801 → 0.805 among them); the stages and the outlets' kickers (the tuning windows' election day, the only
//! election day of the labelled sets; no other set moved), the day's weather (the held-out
//! snowstorm weekend and the tuning windows' cold Friday), the day's one large incident (the
//! held-out Har Nof attack) and the day's one story (the held-out Har Nof attack and Sydney siege:
//! 0.796 → 0.846; no other set's F1 fell) and the victims' names as an aftermath (the tuning
//! windows' Paris weekend: 0.782 → 0.797 at P 0.928; tried there before, and kept once the rules
//! since had made that weekend's clusters purer), a death of the wounds read from the noun
//! (`מת מפצעיו`; the later blind windows 0.767 → 0.781, the held-out 0.848 → 0.851), the
//! places and another incident (the later blind windows' precision 0.873 → 0.953, F1 0.781 →
//! 0.769), a speaker's statement (the tuning windows' election day: 0.797 → 0.804 at P
//! 0.928 → 0.943), and towns as names (found by reading the Tayibe lynch's split and then by a
//! study of the words that gave no feature over all the labelled sets, its extent chosen
//! on every set: the blind windows 0.783 → 0.801, the later blind windows 0.769 → 0.811,
//! the development set 0.778 → 0.780, the fixture 0.885 → 0.893), the day's one incident held to
//! a day of one (the later blind windows' precision 0.952 → 0.977, F1 0.811 → 0.805) and core
//! merges that need more than a person in common (the tuning windows' election day: P 0.931 →
//! 0.945), and a story running under its name (the development set's quiet days, Peru and
//! Kobani: 0.793 → 0.804 at P 0.972; what it gave the blind windows, 0.805 → 0.819, it found,
//! not read for). The held-out windows are therefore no longer held
//! out: F1 0.745 before those rules (in the file's order of ties); and the sequence rule's hours
//! were chosen again (6, from 3) with them in view. The label's weight was chosen with every set in
//! view but the blind windows, whose figures an earlier study of the same rule had printed: there
//! it moved them 0.761 → 0.773, with a week of context 0.774 → 0.784, after months of the stream
//! 0.810 → 0.802. The rejoin bar's sweep showed the blind windows' figures too (at 0.15 against
//! 0.13: 0.773 → 0.771, with a week of context 0.783 → 0.804), and the lead's (clauses after it set
//! aside against read whole: 0.771 → 0.784, P 0.977 → 0.986).
//!
//! The held-out windows' figure turns on one decision: whether the Sydney siege's halves
//! become one story (the window's F1 0.876) or not (0.755). Before an instant's articles
//! were placed together, that depended on the order of the ties (in the file's order they
//! met through one outlet's consecutive headlines at the sequence rule's bar); placed
//! together, the halves stayed apart in every order, and with the label's weight they meet
//! in part (the window 0.815–0.839 over 17 orders; with a headline's lead, which sets aside
//! a clause that held the siege's end to its start, 0.792 in the file's order; with an
//! incident's end as one of its phases, 0.799). With the day's one story its lone
//! headlines join it and the halves meet (the window 0.872, the Har Nof attack's 0.736 →
//! 0.801 at P 0.946), in every order of the ties.
//!
//! The issue's goal (F1 ≥ 0.85 at precision ≥ 0.95) is not reached. The features do connect a
//! story's headlines: an oracle joining one story's headlines whenever they share a feature
//! ([`eval::feature_ceiling`]) reaches F1 0.978 on the development set, whenever they share
//! two 0.868. But pair by pair, headlines of one story often share nothing (one funeral told
//! as `ייטמנו`, `מובאים למנוחות`, `מסע הלוויה`), while headlines of related events of one
//! place and day (an election day's polls opening, turnout and exit polls; a border crossing
//! taken and a mortar on the Golan hours later) that the gold keeps apart share as much.
//! Studies of other decisions and of meaning found nothing that separates the two
//! (`docs/clustering-studies.md`, with the scripts that repeat them):
//!
//! - pairwise models learned over the same features (logistic regression, boosted trees)
//!   rank the held-out windows' pairs no better than the cosine (average precision 0.668
//!   and 0.673 against 0.682; the development and tuning windows' a little better), and
//!   communities of the cosine graph (Louvain) trade precision for recall no better than a
//!   lower threshold (`scripts/clustering-pairs`);
//! - an online clusterer whose join decision is learned from the gold instead of ruled:
//!   held-out windows F1 0.678 at P 0.970 (against 0.686 at 0.987), development set 0.691 at
//!   P 0.960 (against 0.745 at 0.972; `scripts/clustering-pairs`);
//! - word vectors trained on the largest freely licensed Hebrew text within reach (literature of
//!   1850–1940) and the open wordnets' synonyms: same-story pairs that share no word ranked at
//!   chance (`scripts/clustering-vectors`);
//! - associations learned from the clusterer's own clusters over months of headlines: topics,
//!   not events;
//! - the words outlets swap when they edit their own headlines (`במכולת` for `במרכול`),
//!   learned from months of the stream: of the pairs that share no word they link, 9–28% are
//!   of one story, against 6–16% of all such pairs (`scripts/clustering-edits`);
//! - a multilingual sentence encoder trained on modern Hebrew (multilingual-e5-small): finds
//!   almost none of the pairs words miss at pairwise precision 0.9, moves the clusters' F1 by
//!   +0.004 to +0.025 at a cost in precision, and embeds about 106 headlines a second
//!   (`scripts/clustering-encoder`).
//!
//! What is missing is relatedness of meaning at the level of events.
//!
//! Speed (`cargo bench -p lashon-news --bench clustering -- clustering`: a 100,000-article
//! stream on one thread, newsrooms given, at most 56 clusters open; the instants placed
//! together as the service places them, and one by one). The work is about 450,000
//! instructions an article (callgrind over the first 5,000 articles of the stream, placed by
//! instants, on glibc's malloc: 2,352 million, about 112 million of them the lexicons'
//! loading), which the machines this project runs on turn into speeds up to five times apart
//! from one session to the next: the same clusterer's first pass gave 3,665 articles/s on
//! one and 20,826 on another. So the bench also times the issue's naive baseline
//! ([`eval::naive_baseline`]) on the same stream in the same run, before and after the
//! clusterer. On 7 Dec 2026 (`502e619`'s clusterer, no other work on the machine): the first
//! passes 13,117 articles/s (instants together) and 13,866 (one by one) against the
//! baseline's 6,952 and 6,954, 1.89 and 1.99 times its speed; criterion's samples 13,828 and
//! 16,408 against 6,933, 1.99 and 2.37 times. With acronyms read as their words (`34e33f9`),
//! later the same evening: 13,462 and 16,350 against 6,674 and 6,884 (1.99 and 2.41 times);
//! criterion's 13,589 and 16,095 against 7,319 (1.86 and 2.20 times; the baseline itself 5.6%
//! faster than in the run before, so the change's cost is within the machine's noise). With a
//! running story's name (8 Dec 2026): 12,928 and 15,783 against 6,292 and 6,761 (1.98 and 2.42
//! times their mean); criterion's 13,710 and 16,302 against 7,107 (1.93 and 2.29 times). The
//! baseline compares each article with every
//! cluster of the last 36 hours; the clusterer with the clusters that share a feature with
//! it, a day's worth at most, and does several times the baseline's reading of the text.
//! `scripts/bench-ingest 100000 1000` (100,000 articles stored and clustered by the release
//! binary on SQLite): with `34e33f9` one pass 3,893 articles/s, crawls of 1,000 3,161 (first
//! crawl 223 ms, last 379 ms; peak RSS 101 and 75 MB); with a running story's name one pass
//! 4,119, crawls 2,938 (first crawl 219 ms, last 318 ms; peak RSS 101 and 75 MB); on the machine of 20,826 articles/s
//! one pass 5,209 articles/s, crawls
//! of 1,000 4,172 (first crawl 181 ms, last 268 ms; peak RSS 94 and 77 MB); on the machine of
//! 3,665 one pass 1,169, crawls 1,262. The issue's goals (10,000 and 2,000) are met on every
//! machine of these sessions but that slowest one. Bench figures, never asserted
//! by a test; the history of the speed work is in `docs/clustering-studies.md`. Memory
//! is bounded by the window: a cluster closes a day after its last article, a feature is
//! forgotten after a month unseen, an outlet's sequence and its leads a day after its newest
//! article.
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

pub mod acronyms;
pub mod another;
pub mod background;
pub mod clauses;
pub mod concepts;
pub mod dominant;
pub mod eval;
pub mod features;
mod join;
pub mod kickers;
pub mod lead_run;
pub mod merge;
pub mod numbers;
pub mod online;
mod open_cluster;
pub mod outlets;
pub mod params;
pub mod phases;
pub mod places;
pub mod reading;
mod scoring;
pub mod simultaneous;
pub mod skeleton;
pub mod snapshot;
pub(crate) mod sorted;
pub mod speakers;
pub mod stages;
pub mod stem;
pub mod stopwords;
pub mod stream_idf;
pub mod succession;
pub mod weather;
pub mod word_facts;

/// An article of the labelled fixture (`tests/data/clustering/articles.jsonl`), as the unit
/// tests that run the clusterer over it read it.
#[cfg(test)]
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FixtureArticle {
    pub(crate) source: String,
    pub(crate) headline: String,
    pub(crate) published_at: chrono::DateTime<chrono::Utc>,
}

/// The labelled fixture's articles, in publication order.
#[cfg(test)]
pub(crate) fn fixture_articles() -> Vec<FixtureArticle> {
    include_str!("../../tests/data/clustering/articles.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a fixture article"))
        .collect()
}

pub use background::Background;
pub use concepts::Concepts;
pub use features::Lexicons;
pub use online::{Assignment, Clusterer};
pub use params::{Params, Weights};
pub use simultaneous::Simultaneous;
pub use snapshot::{Snapshot, SnapshotError};
