//! Span finding throughput on general, clinical and finance text (issue 4 targets: 20 MB/s
//! general, 10 MB/s per domain pack; issue 21: the same with the open-data drug lexicon, which
//! the clinical finder uses through `Lexicons::builtin`, built before the timed loop).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lashon_protect::spans::{ProtectOptions, SpanFinder};
use lashon_protect::{Domain, Lang};

const GENERAL: &str = "Your order #A-1234 of 3 items ($1,299.99) ships on March 5, 2025. \
Visit https://example.com/orders or write to help@example.com. ההזמנה שלך תגיע ב-5 במרץ, \
והמחיר הוא 1,299 ₪ כולל מע\"מ. Ваш заказ будет доставлен 5 марта 2025 г., стоимость 1 299,99 руб. \
Hello {name}, you have %d new messages and <b>2</b> alerts. Tom started screaming like a girl. ";
const CLINICAL: &str =
    "Patient is a 67 yo male s/p CABG with HTN and DM2 on metformin 500 mg PO BID \
and lisinopril 10 mg daily. Start atorvastatin 40 mg qhs; hold warfarin if INR > 3.5. Dx: I25.10, \
E11.9. Pain in the right knee, 7/10. המטופל נוטל אקמול 500 מ\"ג פעמיים ביום. ";
const FINANCE: &str =
    "Please transfer EUR 2,500.00 to IBAN IL62 0108 0000 0009 9999 999 (BIC LUMIILIT) \
from account 12-345-678901 by 05/03/2025; invoice no. INV-2025-0042. Card 4111 1111 1111 1111 was \
debited -150.00 USD; the rate rose by 25 bp to 4.75%. ת\"ז 039337423, חשבונית מס' 778812. ";

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("find_spans");
    for (name, text, domain) in [
        ("general", GENERAL, Domain::General),
        ("clinical", CLINICAL, Domain::Clinical),
        ("finance", FINANCE, Domain::Finance),
    ] {
        let doc = text.repeat(200);
        let mut options = ProtectOptions::new(Lang::En, Lang::He);
        options.domain = domain;
        options.protected_terms = vec!["Lashon".into(), "Acme Pay".into()];
        let finder = SpanFinder::new(options);
        group.throughput(Throughput::Bytes(doc.len() as u64));
        group.bench_function(name, |b| b.iter(|| finder.find(std::hint::black_box(&doc))));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
