//! Translation: the model contract and the pipeline that protects, verifies and retries.

pub mod model;

pub use model::{
    AnsweredSegment, BoxFuture, Instructions, ModelError, ModelSegment, PluralForm, ReviewAnswer,
    ReviewCall, ReviewFinding, ReviewPair, TermRendering, TranslateAnswer, TranslateCall,
    Translator,
};
