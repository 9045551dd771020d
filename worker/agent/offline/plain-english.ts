/**
 * Plain English that narrows no figure, read by the nets that look at every word of a question
 * (query-unknown-words.ts, query-whole-figure.ts) and by the names' reading of a first word
 * (query-values.ts). Its own module, so none of them imports another for it. The grammar's
 * words (grammar-words.ts) are generated from the grammar's literals, this list is not.
 */
/**
 * Plain English that narrows no figure: how a question is put ("could you kindly tell me"),
 * how sure it wants to be ("roughly", "exactly"), and who is asking. A word that narrows (a
 * market, a channel, a kind of customer) never belongs here: unread, it would be read past.
 */
export const PLAIN_ENGLISH: ReadonlySet<string> = new Set(
  [
    // How a question is put, and to whom.
    'able actually again also although always another anyway anything appreciate appreciated approx approximately ask asking',
    'bit briefly buddy can chance cheers could curious dear did does doing done else even ever exact exactly folks',
    'friend give given glad going gonna got great guys had has have having hello help hey hi hiya hmm hold holds hope hoping',
    'howdy however idea just keen kind kindly know let like looking love lovely mate maybe mean much must need needed now',
    'okay perhaps please pls plz possible precisely pretty quick quickly rather real really reference regards right roughly',
    'rush see seems should simply some something sorry still sure tell telling thank thanks that their them then there',
    'these they thing things think this those though thx too very wanna want wanted was way were what whats whether which',
    'while who why will wish wonder wondering would yeah yes you your',
    // Greetings, asides and slang that carry no figure.
    'advance afternoon alright awesome brilliant btw cool damage dough evening fab gimme haha lemme lol morning nice oops',
    // "What's the scoop on …".
    'scoop',
    'perfect bot excellent fantastic greetings tbh ugh wonderful imo',
    // Tone, hedging and feelings: "honestly", "roughly", "worried about …".
    'ballpark basically bunch certainly circa clarify clearly concerned confused context correct definitely essentially',
    'frankly happy historically honest honestly interested lot obviously possibly presently probably respectively rough',
    'seriously surprised truly understand various worried wrong apparently dunno fwiw gotta ideally interest interestingly',
    'literally obliged realistically sanity specifically tia',
    // Who asks, and for what: "for the board meeting", "my boss wants …".
    'assistant boss ceo cfo colleague coo cto deck director executive meeting powerpoint preparing presentation review slides',
    'budgeting exec investor investors kickoff prepping purposes purpose',
    // Verbs that ask for what follows, and nouns for an answer of any kind.
    'analyse analyze arrange build calculate check compute consolidate create crunch deep detail details determine dig dive',
    'draw extract fetch figure figures find generate glance grab group identify info information insight insights itemise',
    'itemize lowdown numbers organise organize outline peek picture prepare present produce provide pull report require',
    'retrieve search send share slice snapshot spot stats statistics status story summarise summarize tabulate update view',
    'visualise visualize attempting belong belongs confirm describe download print recap refresh remind verify situation',
    'brief fail failed fails failing process processed processing receive received receiving historical',
    // What to do with customers, asked of the analysis: "How can we reactivate dormant customers?"
    'reactivate reactivating reactivation reengage revive',
    // The grammar reads "favou?rite", which its words hold as "favou" and "rite".
    'favorite favourite',
    // The whole of what the file holds: "global sales", "the entire dataset".
    'global worldwide whole entire file data dataset sheet table',
    // Amounts said loosely: "lots of", "thousands of".
    'dozens hundreds thousands millions lots loads sometimes nowadays particular',
    // Words the grammar reads with an optional space or hyphen ("best[- ]?sell…", "up-?sell"), whose parts alone its words hold.
    'bestseller bestsellers bestselling upsell upsells upselling',
    // "rev": revenue, the figure a question names none.
    'rev revs',
    // The app's own name: "dear Tally, …".
    'tally',
  ]
    .join(' ')
    .split(' '),
);
