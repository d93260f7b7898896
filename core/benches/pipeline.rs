//! Overhead of the translation pipeline: everything but the model (validation, the language
//! plan, sentence split, span finding, masking, the call's assembly, unmasking, every check,
//! the direction analysis of source and result). The model is a zero-cost echo that returns
//! each masked sentence as its answer, so the figures are the pipeline's own.
//!
//!     cargo bench -p lashon-core --bench pipeline
//!
//! Target (issue 5): at most 200 µs per sentence. Inputs: a 30-word sentence with 3 spans
//! (general, en→he, protected) and a 2 KB English clinical note (Markdown list and table,
//! doses, dates, abbreviations) through clinical translate.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lashon_core::clinical::{translate_clinical, ClinicalTranslateRequest};
use lashon_core::translate::{
    prepare_translate, AnsweredSegment, BoxFuture, Engine, ModelError, ReviewAnswer, ReviewCall,
    TranslateAnswer, TranslateCall, TranslateRequest, Translator,
};

/// Answers every segment with its own masked text.
struct Echo;

impl Translator for Echo {
    fn translate<'a>(
        &'a self,
        call: &'a TranslateCall,
    ) -> BoxFuture<'a, Result<TranslateAnswer, ModelError>> {
        let segments = call
            .segments
            .iter()
            .map(|s| AnsweredSegment {
                id: s.id.clone(),
                text: s.text.clone(),
            })
            .collect();
        Box::pin(async move { Ok(TranslateAnswer { segments }) })
    }

    fn review<'a>(
        &'a self,
        _call: &'a ReviewCall,
    ) -> BoxFuture<'a, Result<ReviewAnswer, ModelError>> {
        Box::pin(async { Ok(ReviewAnswer::default()) })
    }
}

fn ready<F: std::future::Future>(f: F) -> F::Output {
    let mut f = std::pin::pin!(f);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
    }
}

/// 30 words, 3 spans (an amount, a date, an order code).
const SENTENCE: &str = "Your refund of $1,249.90 for the order you placed last week will reach the card you paid with by 2025-03-14, and you can follow it under reference ORD-88213 in your account.";

const NOTE: &str = "# Discharge summary\n\n\
Patient admitted on 03/02/2025 with community-acquired pneumonia of the right lower lobe. \
Treated with ceftriaxone 1 g IV daily for 5 days, then switched to amoxicillin 500 mg PO TID. \
Fever resolved on day 3 and oxygen saturation remained above 94% on room air.\n\n\
## Hospital course\n\n\
On admission the white cell count was 14.2 and CRP 186 mg/L; blood cultures remained negative after 48 hours. \
A chest X-ray on 03/04/2025 showed a consolidation in the right lower lobe without effusion. \
He received IV fluids for the first 24 hours and was mobilized on day 2. \
Blood glucose ranged between 140 and 210 mg/dL and insulin glargine 10 units SC at night was added for the stay. \
No allergic reaction was observed. \
Renal function stayed normal, with creatinine 0.9 mg/dL on 03/06/2025. \
The patient does not smoke and drinks alcohol rarely. \
Physiotherapy assessed walking on day 4: independent with a cane, no falls. \
The wife was present at the discharge talk and will help with the medications at home. \
Dietary advice for diabetes was given by the dietitian, with a plan of three meals and two snacks a day. \
A home nurse visit was arranged for 03/10/2025 to check the blood glucose diary and the inhaler technique.\n\n\
## Medications at discharge\n\n\
- Amoxicillin 500 mg PO TID for 5 more days.\n\
- Paracetamol 1 g PO q6h PRN for pain or fever, no more than 4 g a day.\n\
- Continue metformin 850 mg PO BID with meals.\n\
- Do not take ibuprofen while on the current treatment.\n\n\
## Follow-up\n\n\
| Test | When | Note |\n\
|---|---|---|\n\
| Chest X-ray | in 6 weeks | confirm resolution |\n\
| CBC and CRP | 03/20/2025 | at the clinic |\n\
| HbA1c | in 3 months | target below 7% |\n\n\
Return to the emergency department if shortness of breath, chest pain or a temperature above 38.5 C develops. \
The patient understood the instructions and received a written copy. \
Next appointment with the family physician on 03/24/2025 at 10:30. \
Call 03-555-1234 with any question about the medications or the follow-up plan.\n";

fn bench(c: &mut Criterion) {
    let engine = Engine {
        translator: &Echo,
        nikud: None,
    };
    let mut g = c.benchmark_group("pipeline");
    let request: TranslateRequest = serde_json::from_value(serde_json::json!({
        "text": SENTENCE, "source_lang": "en", "target_lang": "he", "protect": true,
    }))
    .expect("request");
    g.throughput(Throughput::Elements(1));
    g.bench_function("sentence_30_words_3_spans", |b| {
        b.iter(|| {
            let prepared = prepare_translate(request.clone(), false).expect("valid");
            ready(prepared.run(&engine, &Default::default(), "req".into())).expect("ok")
        })
    });

    let note: ClinicalTranslateRequest =
        serde_json::from_value(serde_json::json!({ "text": NOTE })).expect("request");
    let sentences = ready(translate_clinical(
        &engine,
        &note,
        &Default::default(),
        "req".into(),
        usize::MAX,
        &mut |_| {},
    ))
    .expect("ok")
    .segments
    .len();
    eprintln!("clinical note: {} bytes, {sentences} segments", NOTE.len());
    g.throughput(Throughput::Elements(sentences as u64));
    g.bench_function("clinical_note_2kb", |b| {
        b.iter(|| {
            ready(translate_clinical(
                &engine,
                &note,
                &Default::default(),
                "req".into(),
                usize::MAX,
                &mut |_| {},
            ))
            .expect("ok")
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
