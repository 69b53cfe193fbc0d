//! betza
