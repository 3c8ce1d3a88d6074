-- Search folds hiragana into katakana on both sides (universe.ts, searchForm): an investor typing とよた finds
-- トヨタ, and ミズホ finds みずほ. Rows stored before that keep their hiragana until folded here.
UPDATE instruments SET search_text = translate(search_text,
  'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖゝゞ',
  'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶヽヾ');
