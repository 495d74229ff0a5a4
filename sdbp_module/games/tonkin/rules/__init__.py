"""Tonkin's rules package (``package.TONKIN``): the 77 TON ids of the digest's catalogue
(``shared/rules/tonkin.md`` §4) with the French 2nd-edition rule numbers, the switches for the
ambiguities that change a verdict, and for every id the reason it is not checked yet (stage 1 of issue
25 builds movement and supply, stage 2 combat and operations); ``docs/tonkin-rules.md`` says what each
stage-1 check will judge and which log facts it needs."""
